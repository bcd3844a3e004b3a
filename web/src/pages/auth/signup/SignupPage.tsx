import { useState } from 'react';
import { LONG_NOTE_MS } from '../../../app/timings.ts';
import { Notice } from '../../../components/Notice.tsx';
import { RouterLink } from '../../../components/RouterLink.tsx';
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { GoogleSignIn } from '../google/GoogleSignIn.tsx';
import { OtpForm } from './OtpForm.tsx';
import { clearPendingSignup, loadPendingSignup, startPendingSignup } from './pendingSignup.ts';
import { SignupForm } from './SignupForm.tsx';
import styles from '../auth.module.css';

/** Sign-up in two steps: the account form, then the mailed one-time code (spec section 4). */
export function SignupPage() {
  // Set, it means the OTP step; a reload of the tab comes back to it.
  const [pending, setPending] = useState(loadPendingSignup);
  // Only in memory (see pendingSignup.ts): verify sends it, so the code completes this signup even
  // when a stranger started another for the address; after a reload the signup cookie does that.
  const [password, setPassword] = useState<string>();
  const note = useTimedMessage(LONG_NOTE_MS);

  return (
    <AuthCard title={pending === null ? 'Create your account' : 'Verify your email'}>
      {note.message && <Notice {...note.message} />}
      {pending === null ? (
        <>
          <GoogleSignIn />
          <SignupForm
            onOtpSent={(email, chosen) => {
              setPassword(chosen);
              setPending(startPendingSignup(email));
              note.show('success', 'OTP sent to your email address');
            }}
          />
        </>
      ) : (
        <OtpForm
          pending={pending}
          password={password}
          onResent={() => {
            setPending(startPendingSignup(pending.email));
            note.show('success', 'OTP resent successfully. The code sent before no longer works.');
          }}
          onChangeEmail={() => {
            clearPendingSignup();
            note.clear();
            setPassword(undefined);
            setPending(null);
          }}
        />
      )}
      <p className={styles.switch}>
        Already have an account? <RouterLink to="/login">Sign in</RouterLink>
      </p>
    </AuthCard>
  );
}
