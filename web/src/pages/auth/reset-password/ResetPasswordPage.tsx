import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError, dataOf } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { RESET_REDIRECT_MS, SHORT_NOTE_MS } from '../../../app/timings.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts';
import { Loading } from '../../../components/Loading.tsx';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { ResetRequestForm } from '../login/ResetRequestForm.tsx';

interface NewPasswordFields {
  newPassword: string;
  confirmPassword: string;
}

const invalidLinkText = 'This password reset link is invalid, has expired or has already been used.';

/**
 * Sets a new password from the emailed link; the route's loader already sent token-less visits to
 * /login. The link is checked as the page opens: a dead one says so at once and offers a new one.
 */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => dataOf(api.POST('/api/reset-password/check', { body: { token } })),
    staleTime: Infinity,
  });
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [done, navigate]);

  if (check.isPending) return <Loading />;
  // A token the server cannot even read (400) is as dead as a used one; any other failed check
  // (network, an older server) leaves the decision to the reset itself.
  const linkDead = check.data?.valid === false || (check.error instanceof ApiError && check.error.status === 400);
  if (linkDead && !done) return <DeadLink onBack={() => void navigate('/login')} />;
  return (
    <NewPasswordForm
      token={token}
      done={done}
      onDone={() => {
        setDone(true);
      }}
    />
  );
}

/** The link no longer works: says so, and asks for the address to send a new one to. */
function DeadLink({ onBack }: { onBack: () => void }) {
  const [newLinkSent, setNewLinkSent] = useState(false);
  return (
    <AuthCard title="Set a new password">
      <Notice type="error" text={invalidLinkText} />
      {newLinkSent ? (
        <Notice type="success" text="Password reset instructions have been sent to your email." />
      ) : (
        <ResetRequestForm
          onSent={() => {
            setNewLinkSent(true);
          }}
          onBack={onBack}
        />
      )}
    </AuthCard>
  );
}

function NewPasswordForm({ token, done, onDone }: { token: string; done: boolean; onDone: () => void }) {
  const status = useTimedMessage(SHORT_NOTE_MS);
  const reset = useMutation({
    mutationFn: (newPassword: string) => dataOf(api.POST('/api/reset-password/verify', { body: { token, newPassword } })),
    onSuccess: () => {
      onDone();
      status.show('success', 'Password has been reset successfully');
    },
    onError: (error) => {
      status.show('error', errorMessage('resetPassword', error));
    },
  });

  return (
    <AuthCard title="Set a new password">
      {status.message && <Notice {...status.message} />}
      <Form<NewPasswordFields>
        layout="vertical"
        scrollToFirstError={{ focus: true }}
        requiredMark={false}
        disabled={done}
        onFinish={({ newPassword }) => {
          status.clear();
          reset.mutate(newPassword);
        }}
      >
        <Form.Item label="New Password" name="newPassword" rules={[{ required: true, message: 'Please enter a new password' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Please confirm your new password' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error('Passwords do not match')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block disabled={done || reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </Form>
    </AuthCard>
  );
}
