import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { trackEvent } from '../../../analytics/track.ts';
import { api, dataOf } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useSecondsUntil } from '../../../hooks/useSecondsUntil.ts';
import { useSession } from '../../../session/context.ts';
import { clearPendingSignup, type PendingSignup } from './pendingSignup.ts';
import styles from '../auth.module.css';

/** OTP length (spec section 9). */
const OTP_LENGTH = 6;

/**
 * The second signup step: the mailed code, with a resend that counts down the server's wait
 * between codes. Verifying signs in and goes to /chat. `password`, the one chosen in the first
 * step (absent after a reload), goes with the code: it shows the server whose signup this is.
 */
export function OtpForm({
  pending,
  password,
  onResent,
  onChangeEmail,
}: {
  pending: PendingSignup;
  password?: string;
  onResent: () => void;
  onChangeEmail: () => void;
}) {
  const { email } = pending;
  const { signIn } = useSession();
  const resendIn = useSecondsUntil(pending.resendAt);
  const verify = useMutation({
    mutationFn: async (otp: string) => {
      const { token } = await dataOf(api.POST('/api/signup/verify', { body: { email, otp, ...(password === undefined ? {} : { password }) } }));
      clearPendingSignup();
      // Sent before signing in, which leaves for /chat: the event belongs to the signup page.
      trackEvent('signup_completed', {});
      await signIn(token);
    },
  });
  const resend = useMutation({
    mutationFn: () => dataOf(api.POST('/api/signup/resend-otp', { body: { email } })),
    onSuccess: onResent,
  });

  // Only the latest action's failure is shown: starting one clears the other's.
  const errorText = verify.isError ? errorMessage('otpVerify', verify.error) : resend.isError ? errorMessage('otpResend', resend.error) : null;
  const busy = verify.isPending || resend.isPending;

  return (
    <Form<{ otp: string }>
      layout="vertical"
      scrollToFirstError={{ focus: true }}
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
        <Button type="primary" htmlType="submit" size="large" loading={verify.isPending} className={styles.codeButton}>
          Verify OTP
        </Button>
        <Button
          size="large"
          loading={resend.isPending}
          disabled={resendIn > 0}
          aria-describedby="otp-resend-wait"
          className={styles.codeButton}
          onClick={() => {
            verify.reset();
            resend.mutate();
          }}
        >
          Resend OTP
        </Button>
      </Flex>
      <p id="otp-resend-wait" className={styles.resendWait}>
        {resendIn > 0 ? `You can ask for a new code in ${resendIn} s.` : 'Did not get the code? You can ask for a new one.'}
      </p>
      <Button type="link" className={styles.otherAddress} onClick={onChangeEmail}>
        Use a different email address
      </Button>
    </Form>
  );
}
