import type { Queryable } from '@betterplus/kit';
import type { EmailKind } from './deliveries.ts';

/** A mail waiting for its user's address: the event it is for, kept as its type and payload. */
export interface HeldMail {
  eventId: string;
  kind: EmailKind;
  userId: string;
  type: string;
  payload: Uint8Array;
}

/** Written in the event's transaction, with the record that it was processed. */
export async function holdMail(db: Queryable, mail: HeldMail): Promise<void> {
  await db.query('INSERT INTO held_mails (event_id, kind, user_id, type, payload) VALUES ($1, $2, $3, $4, $5)', [
    mail.eventId,
    mail.kind,
    mail.userId,
    mail.type,
    mail.payload,
  ]);
}

export async function heldMailsOf(db: Queryable, userId: string): Promise<HeldMail[]> {
  const { rows } = await db.query<{ event_id: string; kind: EmailKind; user_id: string; type: string; payload: Uint8Array }>(
    'SELECT event_id, kind, user_id, type, payload FROM held_mails WHERE user_id = $1 ORDER BY held_at',
    [userId],
  );
  return rows.map((r) => ({ eventId: r.event_id, kind: r.kind, userId: r.user_id, type: r.type, payload: r.payload }));
}

export async function releaseHeldMail(db: Queryable, mail: Pick<HeldMail, 'eventId' | 'kind'>): Promise<void> {
  await db.query('DELETE FROM held_mails WHERE event_id = $1 AND kind = $2', [mail.eventId, mail.kind]);
}
