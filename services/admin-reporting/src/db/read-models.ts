import type { Queryable } from '@betterplus/kit';

/** The India day of a time, as the summary tables count it. */
const indiaDay = (param: string) => `(${param}::timestamptz AT TIME ZONE 'Asia/Kolkata')::date`;

async function addToDay(tx: Queryable, at: Date, column: 'registrations' | 'queries' | 'revenue_paise', amount: number | bigint): Promise<void> {
  await tx.query(
    `INSERT INTO daily_totals (day, ${column}) VALUES (${indiaDay('$1')}, $2)
     ON CONFLICT (day) DO UPDATE SET ${column} = daily_totals.${column} + excluded.${column}`,
    [at, amount],
  );
}

export async function recordRegistration(tx: Queryable, user: { userId: string; name: string; email: string; registeredAt: Date }): Promise<void> {
  const { rowCount } = await tx.query('INSERT INTO users (user_id, name, email, registered_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING', [
    user.userId,
    user.name,
    user.email,
    user.registeredAt,
  ]);
  if (rowCount > 0) await addToDay(tx, user.registeredAt, 'registrations', 1);
}

export async function recordProfile(tx: Queryable, user: { userId: string; name: string; email: string }): Promise<void> {
  await tx.query('UPDATE users SET name = $2, email = $3 WHERE user_id = $1', [user.userId, user.name, user.email]);
}

export interface SubscriptionState {
  userId: string;
  plan: string;
  status: string;
  queriesLimit: number;
  periodStart: Date;
  periodEnd: Date;
  changedAt: Date;
}

/** The latest change billing made wins; the queries used are those of the plan's period. */
export async function recordSubscription(tx: Queryable, s: SubscriptionState): Promise<void> {
  await tx.query(
    `INSERT INTO subscriptions (user_id, plan, status, queries_limit, queries_used, period_start, period_end, changed_at)
     VALUES ($1, $2, $3, $4, (SELECT count(*) FROM queries WHERE user_id = $1 AND period_start = $5 AND NOT refunded), $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, status = excluded.status, queries_limit = excluded.queries_limit,
       queries_used = excluded.queries_used, period_start = excluded.period_start, period_end = excluded.period_end, changed_at = excluded.changed_at
     WHERE subscriptions.changed_at < excluded.changed_at`,
    [s.userId, s.plan, s.status, s.queriesLimit, s.periodStart, s.periodEnd, s.changedAt],
  );
}

export async function recordQueryConsumed(tx: Queryable, query: { queryId: string; userId: string; periodStart: Date; at: Date }): Promise<void> {
  const { rowCount } = await tx.query('INSERT INTO queries (query_id, user_id, period_start, consumed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (query_id) DO NOTHING', [
    query.queryId,
    query.userId,
    query.periodStart,
    query.at,
  ]);
  if (rowCount === 0) return;
  await addToDay(tx, query.at, 'queries', 1);
  await tx.query('UPDATE subscriptions SET queries_used = queries_used + 1 WHERE user_id = $1 AND period_start = $2', [query.userId, query.periodStart]);
}

/** A refunded query stops counting, on the day it was taken and in its period. */
export async function recordQueryRefunded(tx: Queryable, queryId: string): Promise<void> {
  const { rows } = await tx.query<{ user_id: string; period_start: Date; consumed_at: Date }>(
    'UPDATE queries SET refunded = true WHERE query_id = $1 AND NOT refunded RETURNING user_id, period_start, consumed_at',
    [queryId],
  );
  const [refunded] = rows;
  if (!refunded) return;
  await addToDay(tx, refunded.consumed_at, 'queries', -1);
  await tx.query('UPDATE subscriptions SET queries_used = greatest(queries_used - 1, 0) WHERE user_id = $1 AND period_start = $2', [refunded.user_id, refunded.period_start]);
}

export async function recordPayment(tx: Queryable, payment: { paymentId: string; userId: string; providerSubscriptionId: string; amountPaise: bigint; at: Date }): Promise<void> {
  const { rowCount } = await tx.query('INSERT INTO payments (payment_id, user_id, amount_paise, verified_at) VALUES ($1, $2, $3, $4) ON CONFLICT (payment_id) DO NOTHING', [
    payment.paymentId,
    payment.userId,
    payment.amountPaise,
    payment.at,
  ]);
  if (rowCount === 0) return;
  await addToDay(tx, payment.at, 'revenue_paise', payment.amountPaise);
  await tx.query(`INSERT INTO paying_months (month, user_id) VALUES (date_trunc('month', ${indiaDay('$1')})::date, $2) ON CONFLICT DO NOTHING`, [payment.at, payment.userId]);
  await recordProviderSubscription(tx, { userId: payment.userId, providerSubscriptionId: payment.providerSubscriptionId, status: 'active', amountPaise: payment.amountPaise, at: payment.at });
}

/**
 * What the admin table shows of the provider's subscription: its id, a status following
 * Razorpay's names (active once paid, pending after a failed charge, cancelled) and the last
 * amount paid. The latest event by its time wins.
 */
export async function recordProviderSubscription(
  tx: Queryable,
  change: { userId: string; providerSubscriptionId: string; status: string; amountPaise?: bigint; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO provider_subscriptions (user_id, provider_subscription_id, provider_status, amount_paise, changed_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET provider_subscription_id = excluded.provider_subscription_id, provider_status = excluded.provider_status,
       amount_paise = coalesce(excluded.amount_paise, provider_subscriptions.amount_paise), changed_at = excluded.changed_at
     WHERE provider_subscriptions.changed_at <= excluded.changed_at`,
    [change.userId, change.providerSubscriptionId, change.status, change.amountPaise ?? null, change.at],
  );
}

/** A Premium whose paid period ended while still active or pending (halted, completed) shows as expired; a cancelled one stays cancelled. */
export async function recordProviderExpired(tx: Queryable, userId: string, at: Date): Promise<void> {
  await tx.query("UPDATE provider_subscriptions SET provider_status = 'expired', changed_at = $2 WHERE user_id = $1 AND changed_at <= $2 AND provider_status IN ('active', 'pending')", [userId, at]);
}
