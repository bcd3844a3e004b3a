import type { Queryable } from '@betterplus/kit';

export interface QueryUse {
  userId: string;
  queryId: string;
  /** The period chat took the query from: it counts only while that period is the subscription's current one. */
  periodStart: Date;
}

const addToCurrentPeriod = (db: Queryable, { userId, periodStart }: QueryUse, delta: 1 | -1) =>
  db.query('UPDATE subscriptions SET queries_used = greatest(queries_used + $3, 0), updated_at = now() WHERE user_id = $1 AND start_date = $2', [
    userId,
    periodStart,
    delta,
  ]);

/** Counts a consumed query once per query id; a query refunded before it was counted stays uncounted. */
export async function countQuery(db: Queryable, use: QueryUse): Promise<void> {
  const { rowCount } = await db.query('INSERT INTO counted_queries (query_id, user_id, period_start) VALUES ($1, $2, $3) ON CONFLICT (query_id) DO NOTHING', [
    use.queryId,
    use.userId,
    use.periodStart,
  ]);
  if (rowCount === 1) await addToCurrentPeriod(db, use, 1);
}

/** Takes a counted query off again, once; a refund that arrives first keeps a later count away. */
export async function refundQuery(db: Queryable, use: QueryUse): Promise<void> {
  const { rowCount } = await db.query('UPDATE counted_queries SET refunded_at = now() WHERE query_id = $1 AND refunded_at IS NULL', [use.queryId]);
  if (rowCount === 1) {
    await addToCurrentPeriod(db, use, -1);
    return;
  }
  await db.query('INSERT INTO counted_queries (query_id, user_id, period_start, refunded_at) VALUES ($1, $2, $3, now()) ON CONFLICT (query_id) DO NOTHING', [
    use.queryId,
    use.userId,
    use.periodStart,
  ]);
}
