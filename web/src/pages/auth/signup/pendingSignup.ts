// The OTP step survives a reload: the address the code went to and when another code may be asked
// for are kept in session storage (this tab only). Never the password: the page holds it in memory
// only, and after a reload the server knows the signup by this browser's signup cookie.

const KEY = 'pendingSignup';

/** The server's wait between codes for one address (identity: 429 OTP_COOLDOWN within 30 s). */
export const RESEND_COOLDOWN_MS = 30_000;

export interface PendingSignup {
  email: string;
  /** Epoch milliseconds from which Resend OTP may be used. */
  resendAt: number;
}

export function loadPendingSignup(): PendingSignup | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { email, resendAt } = stored as Partial<PendingSignup>;
    return typeof email === 'string' && typeof resendAt === 'number' ? { email, resendAt } : null;
  } catch {
    return null;
  }
}

/** Records that a code was just sent to `email`, and returns what was stored. */
export function startPendingSignup(email: string): PendingSignup {
  const pending = { email, resendAt: Date.now() + RESEND_COOLDOWN_MS };
  sessionStorage.setItem(KEY, JSON.stringify(pending));
  return pending;
}

export function clearPendingSignup(): void {
  sessionStorage.removeItem(KEY);
}
