import type { Queryable } from '@betterplus/kit';

export interface Entitlement {
  userId: string;
  plan: string;
  status: string;
  queriesLimit: number;
  periodStart: Date;
  periodEnd: Date;
  changedAt: Date;
}

/** Applies billing's latest word on a user's plan; an event older than the one applied changes nothing. */
export async function applyEntitlement(db: Queryable, e: Entitlement): Promise<void> {
  await db.query(
    `INSERT INTO entitlements (user_id, plan, status, queries_limit, period_start, period_end, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, status = excluded.status, queries_limit = excluded.queries_limit,
       period_start = excluded.period_start, period_end = excluded.period_end, changed_at = excluded.changed_at
     WHERE entitlements.changed_at <= excluded.changed_at`,
    [e.userId, e.plan, e.status, e.queriesLimit, e.periodStart, e.periodEnd, e.changedAt],
  );
}
