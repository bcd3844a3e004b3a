import { useState } from 'react';
import { Notice } from '../../../components/Notice.tsx';
import { RouterLink } from '../../../components/RouterLink.tsx';
import { AuthCard } from '../../../components/AuthCard.tsx';
import { GoogleSignIn } from '../google/GoogleSignIn.tsx';
import { ResetRequestForm } from './ResetRequestForm.tsx';
import { SignInForm } from './SignInForm.tsx';
import styles from '../auth.module.css';

/** Sign-in, with a reset-password mode that asks for the reset email (spec sections 2 and 4). */
export function LoginPage() {
  const [mode, setMode] = useState<'signIn' | 'reset'>('signIn');
  const [resetSent, setResetSent] = useState(false);

  if (mode === 'reset') {
    return (
      <AuthCard title="Reset your password">
        {/* Each mode has its own form, so coming back after a sent link starts with the email cleared. */}
        <ResetRequestForm
          onSent={() => {
            setResetSent(true);
            setMode('signIn');
          }}
          onBack={() => {
            setMode('signIn');
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in">
      <Notice type="success" text={resetSent ? 'Password reset instructions have been sent to your email.' : null} />
      <GoogleSignIn />
      <SignInForm
        onForgotPassword={() => {
          setResetSent(false);
          setMode('reset');
        }}
      />
      <p className={styles.switch}>
        Don&apos;t have an account? <RouterLink to="/signup">Create an account</RouterLink>
      </p>
    </AuthCard>
  );
}
