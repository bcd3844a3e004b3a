import type { Queryable } from '@betterplus/kit';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT id, name, email, password_hash FROM users WHERE id = $1', [id]);
  return rows[0];
}

/** Inserts the user unless the email is taken; returns whether it was inserted. */
export async function insertUser(db: Queryable, user: { id: string; name: string; email: string; passwordHash: string }): Promise<boolean> {
  const result = await db.query('INSERT INTO users (id, name, email, password_hash) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING', [
    user.id,
    user.name,
    user.email,
    user.passwordHash,
  ]);
  return result.rowCount === 1;
}
