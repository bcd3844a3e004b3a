import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useSession } from '../../../session/context.ts';
import { fetchGoogleProfile, GoogleConsentError, requestGoogleAccessToken } from './googleIdentity.ts';

/** Social sign-in (spec section 4): consent, profile, exchange for our token, then /chat. */
export function useGoogleSignIn(clientId: string) {
  const { signIn } = useSession();
  const mutation = useMutation({
    mutationFn: async () => {
      const accessToken = await requestGoogleAccessToken(clientId);
      const userInfo = await fetchGoogleProfile(accessToken);
      const { token } = await dataOf(api.POST('/api/auth/google', { body: { token: accessToken, userInfo } }));
      await signIn(token);
    },
  });
  const { error } = mutation;
  // The two failures read differently (spec section 8): no consent, or a failed exchange after it.
  const errorText = error === null ? null : errorMessage(error instanceof GoogleConsentError ? 'googleConsent' : 'googleExchange', error);
  return {
    start: () => {
      mutation.mutate();
    },
    pending: mutation.isPending,
    errorText,
  };
}
