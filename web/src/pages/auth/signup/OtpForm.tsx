import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { api } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useSession } from '../../../session/context.ts';
import type { TokenAnswer } from '../tokenAnswer.ts';

/** OTP length (spec section 9). */
const OTP_LENGTH = 6;

/** The second signup step: the mailed code, with a resend. Verifying signs in and goes to /chat. */
export function OtpForm({ email, onResent }: { email: string; onResent: () => void }) {
  const { signIn } = useSession();
  const verify = useMutation({
    mutationFn: async (otp: string) => {
      const { token } = await api.post<TokenAnswer>('/api/signup/verify', { email, otp });
      await signIn(token);
    },
  });
  const resend = useMutation({
    mutationFn: () => api.post('/api/signup/resend-otp', { email }),
    onSuccess: onResent,
  });

  // Only the latest action's failure is shown: starting one clears the other's.
  const errorText = verify.isError ? errorMessage('otpVerify', verify.error) : resend.isError ? errorMessage('otpResend', resend.error) : null;
  const busy = verify.isPending || resend.isPending;

  return (
    <Form<{ otp: string }>
      layout="vertical"
      requiredMark={false}
      disabled={busy}
      onFinish={({ otp }) => {
        resend.reset();
        verify.mutate(otp.trim());
      }}
    >
      <Notice type="error" text={errorText} />
      <Typography.Paragraph>
        Enter the {OTP_LENGTH}-digit code sent to <Typography.Text strong>{email}</Typography.Text>.
      </Typography.Paragraph>
      <Form.Item label="OTP" name="otp" rules={[{ required: true, message: 'Please enter the OTP' }]}>
        <Input placeholder="000000" maxLength={OTP_LENGTH} inputMode="numeric" autoComplete="one-time-code" size="large" />
      </Form.Item>
      <Flex gap="small" wrap>
        <Button type="primary" htmlType="submit" size="large" loading={verify.isPending} style={{ flex: 1 }}>
          Verify OTP
        </Button>
        <Button
          size="large"
          loading={resend.isPending}
          style={{ flex: 1 }}
          onClick={() => {
            verify.reset();
            resend.mutate();
          }}
        >
          Resend OTP
        </Button>
      </Flex>
    </Form>
  );
}
