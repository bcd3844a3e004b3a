import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { RESET_REDIRECT_MS, SHORT_NOTE_MS } from '../../../app/timings.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts';
import { AuthCard } from '../AuthCard.tsx';

interface NewPasswordFields {
  newPassword: string;
  confirmPassword: string;
}

/** Sets a new password from the emailed link; the route's loader already sent token-less visits to /login. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const status = useTimedMessage(SHORT_NOTE_MS);
  const [done, setDone] = useState(false);
  const reset = useMutation({
    mutationFn: (newPassword: string) => api.post('/api/reset-password/verify', { token, newPassword }),
    onSuccess: () => {
      setDone(true);
      status.show('success', 'Password has been reset successfully');
    },
    onError: (error) => {
      status.show('error', errorMessage('resetPassword', error));
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [done, navigate]);

  return (
    <AuthCard title="Set a new password">
      {status.message && <Notice {...status.message} />}
      <Form<NewPasswordFields>
        layout="vertical"
        requiredMark={false}
        disabled={done}
        onFinish={({ newPassword }) => {
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
