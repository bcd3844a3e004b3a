/** Password guessing against one account: after this many failures in a row it refuses sign-in for a while. */
export const lockoutPolicy = { maxFailures: 10, lockMinutes: 15 } as const;

export function isLocked(lockedUntil: Date | null, now: Date): lockedUntil is Date {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

export const lockEndsAt = (now: Date): Date => new Date(now.getTime() + lockoutPolicy.lockMinutes * 60_000);

/** For the message: whole minutes, at least one. */
export const minutesLeft = (lockedUntil: Date, now: Date): number => Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
