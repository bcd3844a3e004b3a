import { createHash, randomBytes } from 'node:crypto';

export const resetTokenPolicy = { validMinutes: 30 } as const;

/**
 * 32 random bytes leave nothing to guess, so a plain SHA-256 is enough to keep the stored value
 * useless to someone who reads the table (no salt or slow hash needed, unlike passwords).
 */
export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function issueResetToken(now: Date): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + resetTokenPolicy.validMinutes * 60_000) };
}

export type ResetTokenCheck = 'valid' | 'used' | 'expired';

export function checkResetToken(stored: { expiresAt: Date; usedAt: Date | null }, now: Date): ResetTokenCheck {
  if (stored.usedAt) return 'used';
  return stored.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}
