import type { Queryable } from '@betterplus/kit';
import type { IssuedOtp } from '../domain/otp.ts';

export interface ChallengeRow {
  email: string;
  name: string;
  password_hash: string;
  code_hash: string;
  salt: string;
  attempts: number;
  expires_at: Date;
  resend_after: Date;
}

/** The pending signup of `email` started after `since`, locked for this transaction. */
export async function findPendingChallenge(db: Queryable, email: string, since: Date): Promise<ChallengeRow | undefined> {
  const { rows } = await db.query<ChallengeRow>(
    `SELECT email, name, password_hash, code_hash, salt, attempts, expires_at, resend_after
       FROM signup_challenges WHERE email = $1 AND started_at > $2 FOR UPDATE`,
    [email, since],
  );
  return rows[0];
}

/**
 * Starts (or restarts) the signup of `email` with a new code, unless the last code was sent too
 * recently; returns whether it was stored. One statement, so two requests cannot both pass.
 */
export async function startChallenge(
  db: Queryable,
  signup: { email: string; name: string; passwordHash: string },
  otp: IssuedOtp,
  now: Date,
): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO signup_challenges (email, name, password_hash, code_hash, salt, attempts, expires_at, resend_after, started_at)
     VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8)
     ON CONFLICT (email) DO UPDATE SET name = excluded.name, password_hash = excluded.password_hash, code_hash = excluded.code_hash,
       salt = excluded.salt, attempts = 0, expires_at = excluded.expires_at, resend_after = excluded.resend_after, started_at = excluded.started_at
     WHERE signup_challenges.resend_after <= $8`,
    [signup.email, signup.name, signup.passwordHash, otp.codeHash, otp.salt, otp.expiresAt, otp.resendAfter, now],
  );
  return result.rowCount === 1;
}

export async function resendAfter(db: Queryable, email: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ resend_after: Date }>('SELECT resend_after FROM signup_challenges WHERE email = $1', [email]);
  return rows[0]?.resend_after;
}

/** A new code replaces the old one, which stops working, and restores the attempts. */
export async function replaceCode(db: Queryable, email: string, otp: IssuedOtp): Promise<void> {
  await db.query('UPDATE signup_challenges SET code_hash = $2, salt = $3, attempts = 0, expires_at = $4, resend_after = $5 WHERE email = $1', [
    email,
    otp.codeHash,
    otp.salt,
    otp.expiresAt,
    otp.resendAfter,
  ]);
}

/** Returns the attempts made so far, this one included. */
export async function recordWrongCode(db: Queryable, email: string): Promise<number> {
  const { rows } = await db.query<{ attempts: number }>('UPDATE signup_challenges SET attempts = attempts + 1 WHERE email = $1 RETURNING attempts', [email]);
  return rows[0]?.attempts ?? 0;
}

export async function deleteChallenge(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM signup_challenges WHERE email = $1', [email]);
}

/** Abandoned signups go with their password hashes, rather than waiting in the table forever. */
export async function deleteAbandonedChallenges(db: Queryable, since: Date): Promise<void> {
  await db.query('DELETE FROM signup_challenges WHERE started_at <= $1', [since]);
}
