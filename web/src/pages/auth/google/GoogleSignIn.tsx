import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider } from 'antd';
import { GoogleOutlined } from '@ant-design/icons';
import { api, dataOf } from '../../../api/client.ts';
import { Notice } from '../../../components/Notice.tsx';
import { loadGoogleIdentity } from './googleIdentity.ts';
import { useGoogleSignIn } from './useGoogleSignIn.ts';

/** The social sign-in block of the login and signup pages; nothing at all while Google is not configured. */
export function GoogleSignIn() {
  const { data } = useQuery({
    queryKey: ['auth-config'],
    queryFn: () => dataOf(api.GET('/api/auth/config')),
    staleTime: Infinity,
  });
  const clientId = data?.googleClientId;
  return typeof clientId === 'string' ? <GoogleButton clientId={clientId} /> : null;
}

function GoogleButton({ clientId }: { clientId: string }) {
  const { start, pending, errorText } = useGoogleSignIn(clientId);

  // Load Google's script as soon as the button shows, so that a click opens the popup at once,
  // while the browser still counts it as the user's doing. A failure here is retried on click.
  useEffect(() => {
    loadGoogleIdentity().catch(() => undefined);
  }, []);

  return (
    <>
      <Notice type="error" text={errorText} />
      <Button block size="large" icon={<GoogleOutlined />} loading={pending} onClick={start}>
        Continue with Google
      </Button>
      <Divider plain>or</Divider>
    </>
  );
}
