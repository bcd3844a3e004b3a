import type { Queryable } from '@betterplus/kit';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  /** Null for accounts created through Google until a reset gives them a password. */
  password_hash: string | null;
  email_verified: boolean;
  failed_logins: number;
  locked_until: Date | null;
}

const columns = 'id, name, email, password_hash, email_verified, failed_logins, locked_until';

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

/** `email` must be normalised already. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE email = $1`, [email]);
  return rows[0];
}

/** Inserts the user unless the email is taken; returns whether it was inserted. */
export async function insertUser(
  db: Queryable,
  user: { id: string; name: string; email: string; passwordHash: string | null; emailVerified: boolean },
): Promise<boolean> {
  const result = await db.query(
    'INSERT INTO users (id, name, email, password_hash, email_verified) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (email) DO NOTHING',
    [user.id, user.name, user.email, user.passwordHash, user.emailVerified],
  );
  return result.rowCount === 1;
}

/** Returns the email, or undefined when the user no longer exists. */
export async function updateName(db: Queryable, id: string, name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>('UPDATE users SET name = $2, updated_at = now() WHERE id = $1 RETURNING email', [id, name]);
  return rows[0]?.email;
}

/**
 * Counts a failed password check in one statement (concurrent guesses all count); the failure
 * that reaches `maxFailures` locks the account until `lockUntil` and starts the count afresh.
 * Returns the lock's end when this failure set it.
 */
export async function recordFailedLogin(db: Queryable, id: string, maxFailures: number, lockUntil: Date): Promise<Date | undefined> {
  const { rows } = await db.query<{ locked_until: Date | null; locked_now: boolean }>(
    `UPDATE users SET
       locked_until = CASE WHEN failed_logins + 1 >= $2 THEN $3 ELSE locked_until END,
       failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END
     WHERE id = $1
     RETURNING locked_until, locked_until = $3 AS locked_now`,
    [id, maxFailures, lockUntil],
  );
  const row = rows[0];
  return row?.locked_now && row.locked_until ? row.locked_until : undefined;
}

export async function clearFailedLogins(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1 AND (failed_logins > 0 OR locked_until IS NOT NULL)', [id]);
}

/**
 * Sets a new password and lifts any lockout (whoever sets it has proved they own the account).
 * `emailProven`: the change came through the emailed link, which also proves the address.
 */
export async function setPassword(db: Queryable, id: string, passwordHash: string, at: Date, emailProven: boolean): Promise<void> {
  await db.query(
    `UPDATE users SET password_hash = $2, password_changed_at = $3, updated_at = $3, failed_logins = 0, locked_until = NULL,
       email_verified = email_verified OR $4
     WHERE id = $1`,
    [id, passwordHash, at, emailProven],
  );
}

/**
 * The owner of the address proved it (through Google) to an account created without that proof:
 * the password someone set without owning the address stops working.
 */
export async function claimUnverifiedAccount(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query('UPDATE users SET password_hash = NULL, email_verified = true, password_changed_at = $2, updated_at = $2 WHERE id = $1', [id, at]);
}
