import type { Queryable } from '@betterplus/kit';

export interface ChallengeRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  code_hash: string;
  salt: string;
  attempts: number;
  expires_at: Date;
  resend_after: Date;
  started_at: Date;
  /** Another pending signup of the address chose a different password (see migration 008). */
  contested: boolean;
}

/**
 * Serialises every signup step for one address until the transaction ends, so concurrent
 * initiates, resends and verifies of one address see each other's effects (the cooldown holds,
 * one code creates one account). An advisory lock: there may be no row yet to lock.
 */
export async function lockSignupsOf(db: Queryable, email: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('signup:' || $1, 0))", [email]);
}

/** The pending signups of `email` started after `since`, newest first. */
export async function findPendingChallenges(db: Queryable, email: string, since: Date): Promise<ChallengeRow[]> {
  const { rows } = await db.query<ChallengeRow>(
    `SELECT id, email, name, password_hash, code_hash, salt, attempts, expires_at, resend_after, started_at, contested
       FROM signup_challenges WHERE email = $1 AND started_at > $2 ORDER BY started_at DESC, id`,
    [email, since],
  );
  return rows;
}

/** A code as a challenge keeps it: only its salted hash, and when it stops working or may be sent again (domain/otp.ts issues it). */
export interface StoredCode {
  salt: string;
  codeHash: string;
  expiresAt: Date;
  resendAfter: Date;
}

/**
 * `contested`: the address's other pending signups chose another password; they become contested
 * too, since a code of any of them no longer says alone whose account to create.
 */
export async function insertChallenge(
  db: Queryable,
  signup: { id: string; email: string; name: string; passwordHash: string; contested: boolean },
  otp: StoredCode,
  now: Date,
): Promise<void> {
  if (signup.contested) await db.query('UPDATE signup_challenges SET contested = true WHERE email = $1', [signup.email]);
  await db.query(
    `INSERT INTO signup_challenges (id, email, name, password_hash, code_hash, salt, attempts, expires_at, resend_after, started_at, contested)
     VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10)`,
    [signup.id, signup.email, signup.name, signup.passwordHash, otp.codeHash, otp.salt, otp.expiresAt, otp.resendAfter, now, signup.contested],
  );
}

/** A new code replaces the challenge's old one, which stops working, and restores the attempts. */
export async function replaceCode(db: Queryable, id: string, otp: StoredCode): Promise<void> {
  await db.query('UPDATE signup_challenges SET code_hash = $2, salt = $3, attempts = 0, expires_at = $4, resend_after = $5 WHERE id = $1', [
    id,
    otp.codeHash,
    otp.salt,
    otp.expiresAt,
    otp.resendAfter,
  ]);
}

/** A wrong code counts against every challenge it was tried on; returns the most attempts any has now. */
export async function recordWrongCode(db: Queryable, ids: string[]): Promise<number> {
  const { rows } = await db.query<{ attempts: number }>('UPDATE signup_challenges SET attempts = attempts + 1 WHERE id = ANY($1::uuid[]) RETURNING attempts', [
    ids,
  ]);
  return Math.max(0, ...rows.map((row) => row.attempts));
}

/** Once the address has an account, no other signup for it may complete. */
export async function deleteChallengesOf(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM signup_challenges WHERE email = $1', [email]);
}

/** Abandoned signups go with their password hashes, rather than waiting in the table forever. */
export async function deleteAbandonedChallenges(db: Queryable, since: Date): Promise<void> {
  await db.query('DELETE FROM signup_challenges WHERE started_at <= $1', [since]);
}
