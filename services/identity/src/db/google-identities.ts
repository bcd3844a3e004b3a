import type { Queryable } from '@betterplus/kit';

export async function findUserIdByGoogleSub(db: Queryable, sub: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM google_identities WHERE sub = $1', [sub]);
  return rows[0]?.user_id;
}

export async function linkGoogleIdentity(db: Queryable, sub: string, userId: string): Promise<void> {
  await db.query('INSERT INTO google_identities (sub, user_id) VALUES ($1, $2)', [sub, userId]);
}
