import type { Queryable } from '@betterplus/kit';

/** Logs a webhook delivery by its event id; false for a replay, which must change nothing. */
export async function firstDelivery(db: Queryable, eventId: string, event: string): Promise<boolean> {
  const { rowCount } = await db.query('INSERT INTO webhook_events (event_id, event) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING', [eventId, event]);
  return rowCount === 1;
}
