import type { Queryable } from '@betterplus/kit';

/** A query taken from the allowance of the period that starts at `periodStart`. */
export interface TakenQuery {
  periodStart: Date;
  used: number;
}

export type TakeResult = TakenQuery | 'no-plan' | 'exhausted';

// A plan counts from its period's start to its end; a cancelled one too (access to the end of
// the cycle), an expired one not at all.
const currentEntitlement = `SELECT period_start, period_end, queries_limit FROM entitlements
  WHERE user_id = $1 AND status <> 'expired' AND period_start <= $2 AND $2 < period_end`;

/**
 * Takes one query from the user's allowance at `at`, in one conditional statement: under any
 * number of concurrent callers at most `queries_limit` succeed in a period.
 */
export async function takeQuery(db: Queryable, userId: string, at: Date): Promise<TakeResult> {
  const { rows } = await db.query<{ period_start: Date; used: number }>(
    `WITH current AS (${currentEntitlement})
     INSERT INTO query_usage AS u (user_id, period_start, used)
     SELECT $1, period_start, 1 FROM current WHERE queries_limit > 0
     ON CONFLICT (user_id, period_start) DO UPDATE SET used = u.used + 1
       WHERE u.used < (SELECT queries_limit FROM current)
     RETURNING period_start, used`,
    [userId, at],
  );
  const [taken] = rows;
  if (taken) return { periodStart: taken.period_start, used: taken.used };
  const { rows: plan } = await db.query('SELECT 1 FROM entitlements WHERE user_id = $1', [userId]);
  return plan.length > 0 ? 'exhausted' : 'no-plan';
}

/** Gives a taken query back (its answer failed). */
export async function giveBackQuery(db: Queryable, userId: string, periodStart: Date): Promise<void> {
  await db.query('UPDATE query_usage SET used = used - 1 WHERE user_id = $1 AND period_start = $2 AND used > 0', [userId, periodStart]);
}

export interface Allowance {
  queriesLeft: number;
  queriesLimit: number;
  /** When the period ends and a new allowance may begin. */
  resetsAt: Date;
}

/** What is left of the user's current allowance at `at`: none outside a period, undefined before the plan is known. */
export async function allowanceOf(db: Queryable, userId: string, at: Date): Promise<Allowance | undefined> {
  const { rows } = await db.query<{ queries_limit: number; used: number; period_end: Date; current: boolean }>(
    `SELECT e.queries_limit, coalesce(u.used, 0) AS used, e.period_end,
       (e.status <> 'expired' AND e.period_start <= $2 AND $2 < e.period_end) AS current
     FROM entitlements e LEFT JOIN query_usage u ON u.user_id = e.user_id AND u.period_start = e.period_start
     WHERE e.user_id = $1`,
    [userId, at],
  );
  const [row] = rows;
  if (!row) return undefined;
  return { queriesLeft: row.current ? Math.max(0, row.queries_limit - row.used) : 0, queriesLimit: row.queries_limit, resetsAt: row.period_end };
}
