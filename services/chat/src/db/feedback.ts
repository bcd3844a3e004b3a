import type { Queryable } from '@betterplus/kit';
import type { Feedback, Source } from '../contracts/schemas.ts';

export interface MarkableItem {
  message: string;
  sources: Source[];
  abstained: boolean;
  /** The answer is still being written: there is nothing to mark yet. */
  pending: boolean;
}

/**
 * The user's history item `id`, or undefined when they have none of that id (another user's
 * counts as none). The row is share-locked to the end of the transaction, so a clearing of the
 * history waits for the mark rather than the mark failing on its vanished item.
 */
export async function markableItem(tx: Queryable, userId: string, id: string): Promise<MarkableItem | undefined> {
  const { rows } = await tx.query<MarkableItem>(
    'SELECT message, sources, abstained, response IS NULL AS pending FROM chat_history WHERE id = $1 AND user_id = $2 FOR KEY SHARE',
    [id, userId],
  );
  return rows[0];
}

/**
 * Keeps `feedback` as the mark of answer `id`, replacing any earlier one. Returns when it was
 * made, or undefined when the answer carried that very mark already (nothing changed). Marks of
 * one answer made at once queue on its row, and each takes the clock once it holds the row, so
 * the later mark has the later time.
 */
export async function markAnswer(tx: Queryable, id: string, feedback: Feedback): Promise<Date | undefined> {
  const { rows } = await tx.query<{ rated_at: Date }>(
    `INSERT INTO answer_feedback AS f (query_id, helpful, reason, rated_at) VALUES ($1, $2, $3, clock_timestamp())
     ON CONFLICT (query_id) DO UPDATE SET helpful = excluded.helpful, reason = excluded.reason, rated_at = clock_timestamp()
       WHERE (f.helpful, f.reason) IS DISTINCT FROM (excluded.helpful, excluded.reason)
     RETURNING rated_at`,
    [id, feedback.helpful, feedback.reason],
  );
  return rows[0]?.rated_at;
}
