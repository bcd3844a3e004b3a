/** What the spec promises when an event does not say when its code or link expires. */
export const defaultValidMinutes = { otp: 10, passwordReset: 30 } as const;

/**
 * How long a code or link stays valid, in whole minutes, as its event states it (issued, expires):
 * the email then follows identity's actual settings rather than a copy of them.
 */
export function validMinutes(issuedAt: Date | undefined, expiresAt: Date | undefined, fallback: number): number {
  if (!issuedAt || !expiresAt) return fallback;
  return Math.max(1, Math.round((expiresAt.getTime() - issuedAt.getTime()) / 60_000));
}
