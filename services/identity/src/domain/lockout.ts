/**
 * Password guessing. Failures count per account and client address: guesses from one address
 * lock out that address, never the owner signing in from another. A gentler account-wide
 * throttle (more failures, a shorter lock) bounds guessing spread over many addresses.
 */
export const lockoutPolicy = {
  perAddress: { maxFailures: 10, lockMinutes: 15 },
  account: { maxFailures: 50, lockMinutes: 5 },
} as const;

export type LockoutRule = (typeof lockoutPolicy)[keyof typeof lockoutPolicy];

export function isLocked(lockedUntil: Date | null, now: Date): lockedUntil is Date {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

export const lockEndsAt = (rule: LockoutRule, now: Date): Date => new Date(now.getTime() + rule.lockMinutes * 60_000);

/**
 * An attempt is counted before its password is checked, so concurrent guesses cannot all pass
 * the same count. `reserved` is the count this attempt took; past the limit it may not check.
 */
export function mayCheck(rule: LockoutRule, reserved: { failures: number; lockedUntil: Date | null }, now: Date): boolean {
  return !isLocked(reserved.lockedUntil, now) && reserved.failures <= rule.maxFailures;
}

/** Whether this failed check, counted as `failures`, is the one that locks. */
export const locksNow = (rule: LockoutRule, failures: number): boolean => failures >= rule.maxFailures;

/** For the message: whole minutes, at least one. */
export const minutesLeft = (lockedUntil: Date, now: Date): number => Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
