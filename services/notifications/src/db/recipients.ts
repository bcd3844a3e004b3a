import type { Queryable } from '@betterplus/kit';

export interface Recipient {
  name: string;
  email: string;
}

/**
 * Serialises, per user, learning the address and holding mail for want of it (both in the
 * caller's transaction, until it ends), so a mail is never held just after its user became known.
 * An advisory lock: there may be no row yet to lock.
 */
export async function lockRecipient(db: Queryable, userId: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('recipient:' || $1, 0))", [userId]);
}

/** Records what identity stated about a user; of two statements the later one wins, whatever order they are applied in. */
export async function rememberRecipient(db: Queryable, recipient: Recipient & { userId: string; statedAt: Date }): Promise<void> {
  await db.query(
    `INSERT INTO recipients (user_id, name, email, stated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, email = excluded.email, stated_at = excluded.stated_at
       WHERE recipients.stated_at <= excluded.stated_at`,
    [recipient.userId, recipient.name, recipient.email, recipient.statedAt],
  );
}

export async function findRecipient(db: Queryable, userId: string): Promise<Recipient | undefined> {
  const { rows } = await db.query<Recipient>('SELECT name, email FROM recipients WHERE user_id = $1', [userId]);
  return rows[0];
}
