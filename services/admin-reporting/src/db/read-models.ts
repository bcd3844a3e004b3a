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

/**
 * Serialises one user's plan and query events, which arrive on different topics at once: the
 * plan's count of queries used and a query's increment of it would otherwise each miss the
 * other's uncommitted row, and the count would stay wrong.
 */
async function lockUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('admin-reporting.user:' || $1, 0))", [userId]);
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

async function addToPlan(tx: Queryable, plan: string, users: number): Promise<void> {
  await tx.query('INSERT INTO plan_counts (plan, users) VALUES ($1, $2) ON CONFLICT (plan) DO UPDATE SET users = plan_counts.users + excluded.users', [
    plan,
    users,
  ]);
}

/** The latest change billing made wins; the queries used are those of the plan's period. */
export async function recordSubscription(tx: Queryable, s: SubscriptionState): Promise<void> {
  await lockUser(tx, s.userId);
  const { rows: before } = await tx.query<{ plan: string }>('SELECT plan FROM subscriptions WHERE user_id = $1', [s.userId]);
  const { rowCount } = await tx.query(
    `INSERT INTO subscriptions (user_id, plan, status, queries_limit, queries_used, period_start, period_end, changed_at)
     VALUES ($1, $2, $3, $4, (SELECT count(*) FROM queries WHERE user_id = $1 AND period_start = $5 AND NOT refunded), $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, status = excluded.status, queries_limit = excluded.queries_limit,
       queries_used = excluded.queries_used, period_start = excluded.period_start, period_end = excluded.period_end, changed_at = excluded.changed_at
     WHERE subscriptions.changed_at < excluded.changed_at`,
    [s.userId, s.plan, s.status, s.queriesLimit, s.periodStart, s.periodEnd, s.changedAt],
  );
  const previous = before[0]?.plan;
  if (rowCount === 0 || previous === s.plan) return;
  if (previous !== undefined) await addToPlan(tx, previous, -1);
  await addToPlan(tx, s.plan, 1);
}

export async function recordQueryConsumed(tx: Queryable, query: { queryId: string; userId: string; periodStart: Date; at: Date }): Promise<void> {
  await lockUser(tx, query.userId);
  const { rowCount } = await tx.query(
    'INSERT INTO queries (query_id, user_id, period_start, consumed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (query_id) DO NOTHING',
    [query.queryId, query.userId, query.periodStart, query.at],
  );
  if (rowCount === 0) return;
  await addToDay(tx, query.at, 'queries', 1);
  await tx.query('UPDATE subscriptions SET queries_used = queries_used + 1 WHERE user_id = $1 AND period_start = $2', [query.userId, query.periodStart]);
}

/** A refunded query stops counting, on the day it was taken and in its period. */
export async function recordQueryRefunded(tx: Queryable, query: { queryId: string; userId: string }): Promise<void> {
  await lockUser(tx, query.userId);
  const { rows } = await tx.query<{ user_id: string; period_start: Date; consumed_at: Date }>(
    'UPDATE queries SET refunded = true WHERE query_id = $1 AND NOT refunded RETURNING user_id, period_start, consumed_at',
    [query.queryId],
  );
  const [refunded] = rows;
  if (!refunded) return;
  await addToDay(tx, refunded.consumed_at, 'queries', -1);
  await tx.query('UPDATE subscriptions SET queries_used = greatest(queries_used - 1, 0) WHERE user_id = $1 AND period_start = $2', [
    refunded.user_id,
    refunded.period_start,
  ]);
}

export async function recordPayment(
  tx: Queryable,
  payment: { paymentId: string; userId: string; providerSubscriptionId: string; amountPaise: bigint; at: Date },
): Promise<void> {
  const { rowCount } = await tx.query(
    'INSERT INTO payments (payment_id, user_id, amount_paise, verified_at) VALUES ($1, $2, $3, $4) ON CONFLICT (payment_id) DO NOTHING',
    [payment.paymentId, payment.userId, payment.amountPaise, payment.at],
  );
  if (rowCount === 0) return;
  await addToDay(tx, payment.at, 'revenue_paise', payment.amountPaise);
  const { rows: month } = await tx.query<{ month: string }>(
    `INSERT INTO paying_months (month, user_id) VALUES (date_trunc('month', ${indiaDay('$1')})::date, $2) ON CONFLICT DO NOTHING RETURNING month`,
    [payment.at, payment.userId],
  );
  if (month[0]) {
    await tx.query(
      'INSERT INTO monthly_subscribers (month, subscribers) VALUES ($1, 1) ON CONFLICT (month) DO UPDATE SET subscribers = monthly_subscribers.subscribers + 1',
      [month[0].month],
    );
  }
  await recordProviderSubscription(tx, {
    userId: payment.userId,
    providerSubscriptionId: payment.providerSubscriptionId,
    status: 'active',
    amountPaise: payment.amountPaise,
    at: payment.at,
  });
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
  await tx.query(
    "UPDATE provider_subscriptions SET provider_status = 'expired', changed_at = $2 WHERE user_id = $1 AND changed_at <= $2 AND provider_status IN ('active', 'pending')",
    [userId, at],
  );
}

/** A question and whether it was answered; nothing for a user whose history was cleared after it. */
export async function recordAnswerGiven(
  tx: Queryable,
  answer: { queryId: string; userId: string; question: string; abstained: boolean; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO answers_given (query_id, user_id, question, abstained, answered_at)
     SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM histories_cleared WHERE user_id = $2 AND cleared_before > $5)
     ON CONFLICT (query_id) DO NOTHING`,
    [answer.queryId, answer.userId, answer.question, answer.abstained, answer.at],
  );
}

export interface AnswerRating {
  queryId: string;
  userId: string;
  question: string;
  helpful: boolean;
  /** null when the user gave none. */
  reason: string | null;
  sourceIds: string[];
  abstained: boolean;
  at: Date;
}

/** An answer's mark: the latest by its time wins; nothing for a user whose history was cleared after it. */
export async function recordAnswerRated(tx: Queryable, rating: AnswerRating): Promise<void> {
  await tx.query(
    `INSERT INTO answer_ratings AS r (query_id, user_id, question, helpful, reason, source_ids, abstained, rated_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE NOT EXISTS (SELECT 1 FROM histories_cleared WHERE user_id = $2 AND cleared_before > $8)
     ON CONFLICT (query_id) DO UPDATE SET helpful = excluded.helpful, reason = excluded.reason, rated_at = excluded.rated_at
       WHERE r.rated_at <= excluded.rated_at`,
    [rating.queryId, rating.userId, rating.question, rating.helpful, rating.reason, rating.sourceIds, rating.abstained, rating.at],
  );
}

export async function recordHistoryCleared(tx: Queryable, userId: string, clearedAt: Date): Promise<void> {
  await tx.query(
    `INSERT INTO histories_cleared (user_id, cleared_before) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET cleared_before = greatest(histories_cleared.cleared_before, excluded.cleared_before)`,
    [userId, clearedAt],
  );
  await tx.query('DELETE FROM answers_given WHERE user_id = $1 AND answered_at < $2', [userId, clearedAt]);
  await tx.query('DELETE FROM answer_ratings WHERE user_id = $1 AND rated_at < $2', [userId, clearedAt]);
}

export interface KnowledgeArchive {
  entries: number;
  /** How many entries fall due for review on each date (YYYY-MM-DD). */
  reviewDates: { reviewBy: string; entries: number }[];
  importedAt: Date;
}

/**
 * Keeps the archive as its latest import describes it: an older import arriving late changes
 * nothing. The one row's lock orders imports recorded at once, so the review dates kept are the
 * latest import's.
 */
export async function recordKnowledgeArchive(tx: Queryable, archive: KnowledgeArchive): Promise<void> {
  const { rowCount } = await tx.query(
    `INSERT INTO knowledge_archive (entries, imported_at) VALUES ($1, $2)
     ON CONFLICT (only_row) DO UPDATE SET entries = excluded.entries, imported_at = excluded.imported_at
     WHERE knowledge_archive.imported_at < excluded.imported_at`,
    [archive.entries, archive.importedAt],
  );
  if (rowCount === 0) return;
  await tx.query('DELETE FROM knowledge_review_dates');
  await tx.query(
    `INSERT INTO knowledge_review_dates (review_by, entries)
     SELECT d.review_by, sum(d.entries) FROM jsonb_to_recordset($1::jsonb) AS d(review_by date, entries int) GROUP BY d.review_by`,
    [JSON.stringify(archive.reviewDates.map(({ reviewBy, entries }) => ({ review_by: reviewBy, entries })))],
  );
}
