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

/** `email` must be normalised already. `forUpdate`: locked until the transaction ends. */
export async function findUserByEmail(db: Queryable, email: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${columns} FROM users WHERE email = $1${forUpdate ? ' FOR UPDATE' : ''}`, [email]);
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
  await db.query('DELETE FROM login_failures WHERE user_id = $1', [id]);
}

/**
 * Sets the new password only if the hash is still the one the current password was checked
 * against (compare-and-set): of concurrent changes, one wins and the others find the old
 * password no longer right. Returns whether it was set; lifts any lockout like `setPassword`.
 */
export async function replacePassword(db: Queryable, id: string, checkedHash: string, passwordHash: string, at: Date): Promise<boolean> {
  const result = await db.query(
    `UPDATE users SET password_hash = $3, password_changed_at = $4, updated_at = $4, failed_logins = 0, locked_until = NULL
     WHERE id = $1 AND password_hash = $2`,
    [id, checkedHash, passwordHash, at],
  );
  if (result.rowCount !== 1) return false;
  await db.query('DELETE FROM login_failures WHERE user_id = $1', [id]);
  return true;
}

/**
 * The owner of the address proved it (through Google) to an account created without that proof:
 * the password someone set without owning the address stops working.
 */
export async function claimUnverifiedAccount(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query('UPDATE users SET password_hash = NULL, email_verified = true, password_changed_at = $2, updated_at = $2 WHERE id = $1', [id, at]);
}
