import { useState } from 'react';
import { Typography } from 'antd';
import { LONG_NOTE_MS } from '../../../app/timings.ts';
import { Notice } from '../../../components/Notice.tsx';
import { RouterLink } from '../../../components/RouterLink.tsx';
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts';
import { AuthCard } from '../AuthCard.tsx';
import { GoogleSignIn } from '../google/GoogleSignIn.tsx';
import { OtpForm } from './OtpForm.tsx';
import { SignupForm } from './SignupForm.tsx';

/** Sign-up in two steps: the account form, then the mailed one-time code (spec section 4). */
export function SignupPage() {
  // The address the code went to; set, it means the OTP step.
  const [otpEmail, setOtpEmail] = useState<string | null>(null);
  const note = useTimedMessage(LONG_NOTE_MS);

  return (
    <AuthCard title={otpEmail === null ? 'Create your account' : 'Verify your email'}>
      {note.message && <Notice {...note.message} />}
      {otpEmail === null ? (
        <>
          <GoogleSignIn />
          <SignupForm
            onOtpSent={(email) => {
              setOtpEmail(email);
              note.show('success', 'OTP sent to your email address');
            }}
          />
        </>
      ) : (
        <OtpForm
          email={otpEmail}
          onResent={() => {
            note.show('success', 'OTP resent successfully');
          }}
        />
      )}
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        Already have an account? <RouterLink to="/login">Sign in</RouterLink>
      </Typography.Paragraph>
    </AuthCard>
  );
}
