import type { Queryable } from '@betterplus/kit';

/**
 * A row's plan and period. What they are worth (allowances, prices, Basic's month) is for the
 * rules of domain/plans.ts to say; the two meet in use-cases/, where the compiler checks they agree.
 */
export type Plan = 'basic' | 'premium';
export interface Period {
  start: Date;
  end: Date;
}

/** A plan's allowance over its period, as the use cases work it out from the rules. */
export interface Allowance extends Period {
  queriesLimit: number;
}

export type SubscriptionStatus = 'active' | 'cancelled' | 'halted' | 'expired';

export interface SubscriptionRow {
  user_id: string;
  plan: Plan;
  status: SubscriptionStatus;
  queries_used: number;
  queries_limit: number;
  start_date: Date;
  end_date: Date;
  provider_subscription_id: string | null;
}

const COLUMNS = 'user_id, plan, status, queries_used, queries_limit, start_date, end_date, provider_subscription_id';

export async function findSubscription(db: Queryable, userId: string, options: { forUpdate?: boolean } = {}): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE user_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [
    userId,
  ]);
  return rows[0];
}

/** Premium counts as held while it is paid and not cancelled (spec: Plan selection). */
export const holdsActivePremium = (subscription: SubscriptionRow | undefined): boolean => subscription?.plan === 'premium' && subscription.status === 'active';

/**
 * Starts a paid Premium period with a fresh allowance, unless the user's Premium already runs a
 * later period (a charge reported late never moves a subscription backwards).
 */
export async function startPremiumPeriod(
  db: Queryable,
  userId: string,
  providerSubscriptionId: string,
  premium: Allowance,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>(
    `UPDATE subscriptions SET plan = 'premium', status = 'active', queries_used = 0, queries_limit = $2, start_date = $3, end_date = $4,
       provider_subscription_id = $5, updated_at = now()
     WHERE user_id = $1 AND NOT (plan = 'premium' AND start_date > $3)
     RETURNING ${COLUMNS}`,
    [userId, premium.queriesLimit, premium.start, premium.end, providerSubscriptionId],
  );
  return rows[0];
}

/**
 * Sets the status of the Premium paid by `providerSubscriptionId`, when it is one of `from`:
 * cancelled keeps plan and end date (access to the end of the cycle).
 */
export async function setPremiumStatus(
  db: Queryable,
  providerSubscriptionId: string,
  from: readonly SubscriptionStatus[],
  to: SubscriptionStatus,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>(
    `UPDATE subscriptions SET status = $3, updated_at = now()
     WHERE provider_subscription_id = $1 AND plan = 'premium' AND status = ANY($2::text[])
     RETURNING ${COLUMNS}`,
    [providerSubscriptionId, from, to],
  );
  return rows[0];
}

/**
 * Moves plans whose period has ended at `at` into their next one, at most `limit`, skipping
 * rows another replica holds: a cancelled or halted Premium returns to Basic (reported as
 * expired), and Basic starts its next period, `basic`. An active Premium waits for its renewal
 * charge.
 */
export async function rollOverDue(db: Queryable, at: Date, limit: number, basic: Allowance): Promise<{ row: SubscriptionRow; expiredPremium: boolean }[]> {
  const { rows } = await db.query<SubscriptionRow & { was_premium: boolean }>(
    `WITH due AS (
       SELECT user_id, plan = 'premium' AS was_premium FROM subscriptions
       WHERE end_date <= $1 AND (plan = 'basic' OR status IN ('cancelled', 'halted'))
       ORDER BY end_date LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE subscriptions s SET plan = 'basic', status = 'active', queries_used = 0, queries_limit = $3, start_date = $4, end_date = $5,
       provider_subscription_id = NULL, updated_at = now()
     FROM due WHERE s.user_id = due.user_id
     RETURNING s.user_id, s.plan, s.status, s.queries_used, s.queries_limit, s.start_date, s.end_date, s.provider_subscription_id, due.was_premium`,
    [at, limit, basic.queriesLimit, basic.start, basic.end],
  );
  return rows.map(({ was_premium, ...row }) => ({ row, expiredPremium: was_premium }));
}

/** Gives a new user the Basic plan, `basic`, and returns it; a user who already has a subscription keeps it (undefined). */
export async function insertBasicPlan(db: Queryable, userId: string, basic: Allowance): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>(
    `INSERT INTO subscriptions (user_id, plan, status, queries_used, queries_limit, start_date, end_date)
     VALUES ($1, 'basic', 'active', 0, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [userId, basic.queriesLimit, basic.start, basic.end],
  );
  return rows[0];
}
