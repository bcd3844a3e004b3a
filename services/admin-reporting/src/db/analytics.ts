import type { Queryable } from '@betterplus/kit';
import type { AnalyticsFigures, NotHelpfulAnswer, QuestionsAsked } from '../contracts/schemas.ts';

// The shapes are the admin calls' answers, declared once with their schemas; named here for the queries' callers.
export type { AnalyticsFigures, NotHelpfulAnswer, QuestionsAsked };

/**
 * The salt of an India day (`YYYY-MM-DD`), kept as `fresh` when the day has none yet; the salts
 * of earlier days are deleted on the way, so yesterday's visitors can no longer be recognised.
 * Callers racing to make it all get the one kept: ON CONFLICT DO UPDATE waits for the winner and
 * returns its row, where DO NOTHING would return nothing and a following SELECT could miss it.
 */
export async function saltOfDay(db: Queryable, day: string, fresh: Uint8Array): Promise<Uint8Array> {
  const { rows } = await db.query<{ salt: Uint8Array }>(
    `WITH past AS (DELETE FROM analytics_salts WHERE day < $1)
     INSERT INTO analytics_salts AS s (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET salt = s.salt RETURNING salt`,
    [day, fresh],
  );
  const [row] = rows;
  if (!row) throw new Error('the salt upsert returned no row');
  return row.salt;
}

/** Deletes the salts of days before `today`: once a day is over, its visitor ids can never be linked to an address again. */
export async function forgetPastSalts(db: Queryable, today: string): Promise<void> {
  await db.query('DELETE FROM analytics_salts WHERE day < $1', [today]);
}

export interface StoredHit {
  visitorId: Uint8Array;
  /** The India day of `at`, which is also the day of the salt behind `visitorId`. */
  day: string;
  at: Date;
  kind: 'pageview' | 'event';
  path: string;
  /** Events only. */
  name: string | undefined;
  parameters: Record<string, unknown>;
  /** The hit is a conversion (signup, subscription): its session converted. */
  converts: boolean;
}

/** Text PostgreSQL takes: a lone UTF-16 surrogate, valid in JSON and refused by jsonb, becomes U+FFFD. */
const wellFormed = (value: unknown): unknown => (typeof value === 'string' ? value.toWellFormed() : value);

/**
 * Stores a hit and counts it in its visitor's session, in one statement: the visitor's latest
 * session if it was seen within `sessionTimeoutSeconds`, else the next one. Concurrent hits that
 * pick the same session number meet on its key, so one row is made and the others add to it.
 */
export async function recordHit(db: Queryable, hit: StoredHit, sessionTimeoutSeconds: number): Promise<void> {
  await db.query(
    `WITH latest AS (
       SELECT seq, last_seen_at FROM analytics_sessions WHERE visitor_id = $1 ORDER BY seq DESC LIMIT 1
     ),
     session AS (
       INSERT INTO analytics_sessions AS s (visitor_id, seq, day, started_at, last_seen_at, page_views, converted)
       SELECT $1,
              CASE WHEN latest.seq IS NULL THEN 1
                   WHEN latest.last_seen_at >= $3::timestamptz - make_interval(secs => $4) THEN latest.seq
                   ELSE latest.seq + 1 END,
              $2, $3, $3, CASE WHEN $5 = 'pageview' THEN 1 ELSE 0 END, $9
       FROM (VALUES (1)) AS one LEFT JOIN latest ON true
       ON CONFLICT (visitor_id, seq) DO UPDATE SET
         last_seen_at = greatest(s.last_seen_at, excluded.last_seen_at),
         page_views = s.page_views + excluded.page_views,
         converted = s.converted OR excluded.converted
     )
     INSERT INTO analytics_hits (day, occurred_at, kind, path, name, parameters) VALUES ($2, $3, $5, $6, $7, $8)`,
    [
      hit.visitorId,
      hit.day,
      hit.at,
      sessionTimeoutSeconds,
      hit.kind,
      hit.path.toWellFormed(),
      hit.name ?? null,
      JSON.stringify(hit.parameters, (_key, value: unknown) => wellFormed(value)),
      hit.converts,
    ],
  );
}

/** The pages listed as top pages. */
const TOP_PAGES = 10;
/** Events listed per day, the most frequent first: parameters a client makes up at random cannot swell the answer without bound. */
const EVENTS_PER_DAY = 50;

/**
 * The figures of India days $1 to $2 (inclusive): sessions by the day they started (the day of
 * their visitor id), page views and events by the day they came; $3 top pages, $4 events a day.
 * Each part finds its days' rows through an index on day, whatever the table holds besides.
 */
export const FIGURES_SQL = `WITH sessions AS (
  SELECT day, visitor_id, started_at, last_seen_at, page_views, converted FROM analytics_sessions WHERE day BETWEEN $1::date AND $2::date
),
by_event AS (
  SELECT day, name, parameters, count(*)::int AS n,
         row_number() OVER (PARTITION BY day ORDER BY count(*) DESC, name, parameters::text) AS rank
  FROM analytics_hits WHERE kind = 'event' AND day BETWEEN $1::date AND $2::date
  GROUP BY day, name, parameters
)
SELECT
  (SELECT coalesce(sum(page_views), 0)::int FROM sessions) AS "pageViews",
  (SELECT count(DISTINCT visitor_id)::int FROM sessions) AS "activeUsers",
  (SELECT coalesce(round(avg(extract(epoch FROM last_seen_at - started_at))), 0)::int FROM sessions) AS "averageSessionDuration",
  (SELECT coalesce(round(100.0 * count(*) FILTER (WHERE converted) / nullif(count(*), 0), 2), 0)::float8 FROM sessions) AS "conversionRate",
  (SELECT coalesce(json_agg(json_build_object('date', to_char(day, 'YYYYMMDD'), 'sessions', n) ORDER BY day), '[]')
     FROM (SELECT day, count(*)::int AS n FROM sessions GROUP BY day) AS d) AS "userEngagement",
  (SELECT coalesce(json_agg(json_build_object('path', path, 'pageViews', n) ORDER BY n DESC, path), '[]')
     FROM (SELECT path, count(*)::int AS n FROM analytics_hits WHERE kind = 'pageview' AND day BETWEEN $1::date AND $2::date
           GROUP BY path ORDER BY n DESC, path LIMIT $3) AS p) AS "topPages",
  (SELECT coalesce(json_agg(json_build_object('date', to_char(day, 'YYYYMMDD'), 'events', events) ORDER BY day), '[]')
     FROM (SELECT day, json_agg(json_build_object('name', name, 'parameters', parameters::text, 'count', n) ORDER BY rank) AS events
           FROM by_event WHERE rank <= $4 GROUP BY day) AS e) AS "events"`;

/** The figures of the India days `firstDay` to `lastDay`, both included (FIGURES_SQL). */
export async function analyticsFigures(db: Queryable, firstDay: string, lastDay: string): Promise<AnalyticsFigures> {
  const { rows } = await db.query<AnalyticsFigures>(FIGURES_SQL, [firstDay, lastDay, TOP_PAGES, EVENTS_PER_DAY]);
  const [figures] = rows;
  if (!figures) throw new Error('the analytics query returned no row');
  return figures;
}

/** Questions listed in each list. */
const TOP_QUESTIONS = 10;

/**
 * The questions most asked in [from, to), and those most often left unanswered (abstained), the
 * same question in other letter case or spacing counted together under its most frequent spelling.
 */
export async function questionsAsked(db: Queryable, from: Date, to: Date): Promise<QuestionsAsked> {
  const { rows } = await db.query<QuestionsAsked>(
    `WITH asked AS (
       SELECT lower(btrim(question)) AS key, mode() WITHIN GROUP (ORDER BY btrim(question)) AS question, count(*)::int AS n, count(*) FILTER (WHERE abstained)::int AS abstained
       FROM answers_given WHERE answered_at >= $1 AND answered_at < $2 GROUP BY 1
     )
     SELECT
       (SELECT coalesce(json_agg(json_build_object('question', question, 'count', n) ORDER BY n DESC, key), '[]')
          FROM (SELECT * FROM asked ORDER BY n DESC, key LIMIT $3) AS t) AS "topQuestions",
       (SELECT coalesce(json_agg(json_build_object('question', question, 'count', abstained) ORDER BY abstained DESC, key), '[]')
          FROM (SELECT * FROM asked WHERE abstained > 0 ORDER BY abstained DESC, key LIMIT $3) AS a) AS "abstainedQuestions"`,
    [from, to, TOP_QUESTIONS],
  );
  const [asked] = rows;
  if (!asked) throw new Error('the questions query returned no row');
  return asked;
}

/** Reasons listed per question. */
const REASONS_PER_QUESTION = 3;

/**
 * The questions whose answers were most often marked not helpful in [from, to) (by each answer's
 * latest mark, so one taken back no longer counts), one question in any case or spacing, with the
 * latest reasons and the entries the answers cited.
 */
export async function notHelpfulAnswers(db: Queryable, from: Date, to: Date): Promise<NotHelpfulAnswer[]> {
  const { rows } = await db.query<{ answers: NotHelpfulAnswer[] }>(
    `WITH marked AS (
       SELECT lower(btrim(question)) AS key, btrim(question) AS question, reason, source_ids, rated_at
       FROM answer_ratings WHERE NOT helpful AND rated_at >= $1 AND rated_at < $2
     ),
     counted AS (
       SELECT key, mode() WITHIN GROUP (ORDER BY question) AS question, count(*)::int AS n
       FROM marked GROUP BY key ORDER BY n DESC, key LIMIT $3
     )
     SELECT coalesce(json_agg(json_build_object(
              'question', c.question,
              'count', c.n,
              'reasons', (SELECT coalesce(json_agg(r.reason ORDER BY r.rated_at DESC), '[]')
                            FROM (SELECT reason, rated_at FROM marked m WHERE m.key = c.key AND reason IS NOT NULL ORDER BY rated_at DESC LIMIT $4) AS r),
              'sources', (SELECT coalesce(json_agg(DISTINCT s.id ORDER BY s.id), '[]') FROM marked m, unnest(m.source_ids) AS s(id) WHERE m.key = c.key)
            ) ORDER BY c.n DESC, c.key), '[]') AS answers
     FROM counted c`,
    [from, to, TOP_QUESTIONS, REASONS_PER_QUESTION],
  );
  return rows[0]?.answers ?? [];
}
