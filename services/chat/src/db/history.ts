import type { Queryable } from '@betterplus/kit';
import type { Feedback, Source } from '../contracts/schemas.ts';

export interface HistoryEntry {
  id: string;
  message: string;
  /** null while the answer is being written. */
  response: string | null;
  created_at: Date;
  sources: Source[];
  /** The user's current mark of the answer; null when unmarked. */
  feedback: Feedback | null;
}

/** A question whose answer is on its way, charged to the period that starts at `periodStart`. */
export async function addQuestion(db: Queryable, entry: { id: string; userId: string; message: string; periodStart: Date }): Promise<void> {
  await db.query('INSERT INTO chat_history (id, user_id, message, period_start) VALUES ($1, $2, $3, $4)', [
    entry.id,
    entry.userId,
    entry.message,
    entry.periodStart,
  ]);
}

/** Keeps the answer of question `id`; false when the question is gone (the user cleared the history meanwhile). */
export async function recordAnswer(
  db: Queryable,
  id: string,
  answer: { response: string; sources: readonly Source[]; followUps: readonly string[]; abstained: boolean },
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE chat_history SET response = $2, sources = $3, follow_ups = $4, abstained = $5, answered_at = now() WHERE id = $1',
    [id, answer.response, JSON.stringify(answer.sources), JSON.stringify(answer.followUps), answer.abstained],
  );
  return rowCount === 1;
}

/** Removes a question whose answer failed; false when it was gone already (swept, or cleared by the user). */
export async function removeQuestion(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM chat_history WHERE id = $1 AND response IS NULL', [id])).rowCount === 1;
}

export interface Unanswered {
  id: string;
  user_id: string;
  period_start: Date;
}

/**
 * Removes questions still unanswered `staleAfterMs` after they were asked (their process stopped
 * while answering), at most `limit`, skipping rows another replica is sweeping.
 */
export async function removeUnanswered(db: Queryable, staleAfterMs: number, limit: number): Promise<Unanswered[]> {
  const { rows } = await db.query<Unanswered>(
    `DELETE FROM chat_history WHERE id IN (
       SELECT id FROM chat_history WHERE response IS NULL AND created_at < now() - make_interval(secs => $1::float8 / 1000)
       ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id, user_id, period_start`,
    [staleAfterMs, limit],
  );
  return rows;
}

/** The user's entries newest first, `limit` of them, older than the entry `before` when given. */
export async function historyOf(db: Queryable, userId: string, page: { limit: number; before?: string | undefined }): Promise<HistoryEntry[]> {
  const { rows } = await db.query<HistoryEntry>(
    `SELECT h.id, h.message, h.response, h.created_at, h.sources,
            CASE WHEN f.query_id IS NULL THEN NULL ELSE json_build_object('helpful', f.helpful, 'reason', f.reason) END AS feedback
     FROM chat_history h LEFT JOIN answer_feedback f ON f.query_id = h.id
     WHERE h.user_id = $1
       AND ($3::uuid IS NULL OR h.seq < (SELECT seq FROM chat_history WHERE id = $3 AND user_id = $1))
     ORDER BY h.seq DESC LIMIT $2`,
    [userId, page.limit, page.before ?? null],
  );
  return rows;
}

/**
 * Deletes every answered entry of the user, with its mark; returns how many. A question still
 * being answered stays until its answer is kept or, failing, given back with its row (refundQuery).
 */
export async function clearHistory(db: Queryable, userId: string): Promise<number> {
  return (await db.query('DELETE FROM chat_history WHERE user_id = $1 AND response IS NOT NULL', [userId])).rowCount;
}
