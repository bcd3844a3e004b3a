import type { Queryable } from '@betterplus/kit';
import type { AdminStats, AdminUserRow } from '../contracts/schemas.ts';

// The shapes are the admin calls' answers, declared once with their schemas; named here for the queries' callers.
export type { AdminStats, AdminUserRow };

/** Trends cover this many months, the current one included, months without activity as zero. */
const TREND_MONTHS = 12;
/** Monthly Revenue and monthly queries: the last 30 days, today included (spec: a 30-day figure). */
const MONTH_DAYS = 30;

/** Every figure from the summary tables: no scan of users, subscriptions, queries or payments. */
export async function adminStats(db: Queryable, now: Date): Promise<AdminStats> {
  const { rows } = await db.query<AdminStats>(
    `WITH today AS (SELECT ($1::timestamptz AT TIME ZONE 'Asia/Kolkata')::date AS day),
     months AS (
       SELECT m::date AS month FROM today, generate_series(date_trunc('month', today.day) - make_interval(months => $2::int - 1), date_trunc('month', today.day), interval '1 month') AS m
     )
     SELECT
       (SELECT coalesce(sum(registrations), 0)::int FROM daily_totals) AS "totalUsers",
       (SELECT coalesce(sum(revenue_paise), 0)::float8 FROM daily_totals, today WHERE daily_totals.day > today.day - $3::int) AS "monthlyRevenue",
       (SELECT coalesce(sum(queries), 0)::int FROM daily_totals, today WHERE daily_totals.day > today.day - $3::int) AS "monthlyQueries",
       (SELECT coalesce(json_agg(json_build_object('plan', plan, 'count', users) ORDER BY plan), '[]') FROM plan_counts WHERE users > 0) AS "subscriptionsByPlan",
       (SELECT json_agg(json_build_object('month', to_char(months.month, 'YYYY-MM'), 'revenue', coalesce(r.revenue, 0)) ORDER BY months.month)
          FROM months LEFT JOIN (SELECT date_trunc('month', day)::date AS month, sum(revenue_paise)::float8 AS revenue FROM daily_totals GROUP BY 1) AS r USING (month)) AS "revenueTrend",
       (SELECT json_agg(json_build_object('month', to_char(months.month, 'YYYY-MM'), 'count', coalesce(s.n, 0)) ORDER BY months.month)
          FROM months LEFT JOIN (SELECT month, subscribers AS n FROM monthly_subscribers) AS s USING (month)) AS "subscriptionTrend",
       (SELECT entries FROM knowledge_archive) AS "knowledgeEntries",
       (SELECT (SELECT coalesce(sum(r.entries), 0)::int FROM knowledge_review_dates r WHERE r.review_by <= today.day) FROM knowledge_archive, today) AS "knowledgeDueForReview"`,
    [now, TREND_MONTHS, MONTH_DAYS],
  );
  const [stats] = rows;
  if (!stats) throw new Error('the stats query returned no row');
  return stats;
}

export const USER_COLUMNS = [
  'user_name',
  'user_email',
  'subscription_plan',
  'queries_limit',
  'queries_used',
  'start_date',
  'end_date',
  'razorpay_subscription_id',
  'razorpay_status',
  'amount',
] as const satisfies readonly (keyof AdminUserRow)[];
export type UserColumn = (typeof USER_COLUMNS)[number];

const ROW_SQL = `SELECT u.user_id, u.name AS user_name, u.email AS user_email, s.plan AS subscription_plan, s.queries_limit, s.queries_used,
       to_char(s.period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start_date, to_char(s.period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS end_date,
       p.provider_subscription_id AS razorpay_subscription_id, p.provider_status AS razorpay_status, p.amount_paise::float8 AS amount
     FROM users u LEFT JOIN subscriptions s ON s.user_id = u.user_id LEFT JOIN provider_subscriptions p ON p.user_id = u.user_id`;

/** Each sortable column as SQL: a name is fixed text, never the caller's. */
const SORT_SQL: Record<UserColumn, string> = {
  user_name: 'lower(u.name)',
  user_email: 'lower(u.email)',
  subscription_plan: 's.plan',
  queries_limit: 's.queries_limit',
  queries_used: 's.queries_used',
  start_date: 's.period_start',
  end_date: 's.period_end',
  razorpay_subscription_id: 'p.provider_subscription_id',
  razorpay_status: 'p.provider_status',
  amount: 'p.amount_paise',
};

const NEVER_NULL = new Set<UserColumn>(['user_name', 'user_email']);

/** LIKE's own characters in a search are matched as themselves. */
const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface UsersPage {
  users: AdminUserRow[];
  total: number;
}

export async function adminUsers(
  db: Queryable,
  query: { search?: string | undefined; sort: UserColumn; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<UsersPage> {
  // Without a search, the order can be read from an index and the total from the daily registrations.
  const searched = query.search
    ? { where: 'WHERE lower(u.name) LIKE $3 OR lower(u.email) LIKE $3', params: [likePattern(query.search)] }
    : { where: '', params: [] };
  // Rows without a plan or a payment come last either way; name and email are never empty, so their order is an index's, read either way.
  const direction = query.order === 'asc' ? 'ASC' : NEVER_NULL.has(query.sort) ? 'DESC' : 'DESC NULLS LAST';
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<AdminUserRow & { user_id?: string }>(
      `${ROW_SQL} ${searched.where} ORDER BY ${SORT_SQL[query.sort]} ${direction}, u.user_id ${query.order} LIMIT $1 OFFSET $2`,
      [query.limit, query.offset, ...searched.params],
    ),
    query.search
      ? db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${searched.where.replaceAll('$3', '$1')}`, searched.params)
      : db.query<{ total: number }>('SELECT coalesce(sum(registrations), 0)::int AS total FROM daily_totals'),
  ]);
  return { users: rows.map(({ user_id: _id, ...row }) => row), total: counted[0]?.total ?? 0 };
}

/** Every user row in user-id order, a batch at a time by key: memory stays flat however many there are. */
export async function* allUserRows(db: Queryable, batchSize = 1000): AsyncGenerator<AdminUserRow> {
  let after = '';
  for (;;) {
    const { rows } = await db.query<AdminUserRow & { user_id: string }>(`${ROW_SQL} WHERE u.user_id > $1 ORDER BY u.user_id LIMIT $2`, [after, batchSize]);
    yield* rows.map(({ user_id: _id, ...row }) => row);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = last.user_id;
  }
}
