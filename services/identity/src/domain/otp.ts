import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const otpPolicy = {
  digits: 6,
  validMinutes: 10,
  /** Wrong codes a challenge takes; after that only a new code helps. */
  maxAttempts: 5,
  /** Between two codes for one address, so nobody floods an inbox. */
  resendCooldownSeconds: 30,
  /** A signup not completed within this is forgotten, with its password hash. */
  pendingHours: 24,
} as const;

/** A fresh code: the plain code goes to the email, only its salted HMAC is stored. */
export interface IssuedOtp {
  code: string;
  salt: string;
  codeHash: string;
  expiresAt: Date;
  resendAfter: Date;
}

export interface StoredOtp {
  codeHash: string;
  salt: string;
  attempts: number;
  expiresAt: Date;
}

export type OtpCheck = 'valid' | 'wrong' | 'expired' | 'exhausted';

const minutes = (n: number) => n * 60_000;

export const hashOtp = (code: string, salt: string): string => createHmac('sha256', salt).update(code).digest('hex');

export function issueOtp(now: Date): IssuedOtp {
  const code = String(randomInt(0, 10 ** otpPolicy.digits)).padStart(otpPolicy.digits, '0');
  const salt = randomBytes(16).toString('hex');
  return {
    code,
    salt,
    codeHash: hashOtp(code, salt),
    expiresAt: new Date(now.getTime() + minutes(otpPolicy.validMinutes)),
    resendAfter: new Date(now.getTime() + otpPolicy.resendCooldownSeconds * 1000),
  };
}

/** Exhausted and expired challenges refuse even the right code; the comparison is constant-time. */
export function checkOtp(stored: StoredOtp, code: string, now: Date): OtpCheck {
  if (stored.attempts >= otpPolicy.maxAttempts) return 'exhausted';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  const given = Buffer.from(hashOtp(code.trim(), stored.salt), 'hex');
  const expected = Buffer.from(stored.codeHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'wrong';
}

/** Whole seconds still to wait before another code may be sent (0: now). */
export const resendWaitSeconds = (resendAfter: Date, now: Date): number => Math.max(0, Math.ceil((resendAfter.getTime() - now.getTime()) / 1000));

/** Challenges started before this are treated as abandoned. */
export const pendingSince = (now: Date): Date => new Date(now.getTime() - otpPolicy.pendingHours * 3_600_000);
