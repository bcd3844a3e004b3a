import type { Queryable } from '@betterplus/kit';

export async function findUserIdByGoogleSub(db: Queryable, sub: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM google_identities WHERE sub = $1', [sub]);
  return rows[0]?.user_id;
}

/** Links `sub` to `userId` unless it is linked already (a concurrent first sign-in); answers the user it is linked to. */
export async function linkGoogleIdentity(db: Queryable, sub: string, userId: string): Promise<string> {
  await db.query('INSERT INTO google_identities (sub, user_id) VALUES ($1, $2) ON CONFLICT (sub) DO NOTHING', [sub, userId]);
  return (await findUserIdByGoogleSub(db, sub)) ?? userId;
}
