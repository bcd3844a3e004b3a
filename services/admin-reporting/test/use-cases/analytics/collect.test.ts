// Visitors, visits and figures from hits at times the tests choose, on PostgreSQL (where the
// races are real) and PGlite. Each test keeps to days of its own, later than the test before it.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { FIGURES_SQL, analyticsFigures, questionsAsked, saltOfDay } from '../../../src/db/analytics.ts';
import { createCollector, type Hit } from '../../../src/use-cases/analytics/collect.ts';
import type { Client } from '../../../src/domain/analytics/visitor.ts';
import { startOnEachStack, type AdminReporting } from '../../support/admin.ts';

let onEach: { database: string; stack: TestStack; service: AdminReporting }[] = [];
before(async () => {
  onEach = await startOnEachStack();
});
after(async () => {
  for (const { stack } of onEach) await stack.close();
});

/** A time of an India day. */
const at = (day: string, time = '10:00:00') => new Date(`${day}T${time}+05:30`);
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const browser = (ip = '198.51.100.7', userAgent = CHROME): Client => ({ ip, userAgent, host: 'betterplus.in' });
const page = (path: string): Hit => ({ kind: 'pageview', path });
const event = (name: string, parameters: Record<string, string | number | boolean> = {}): Hit => ({ kind: 'event', path: '/chat', name, parameters });

for (const database of realInfrastructure.postgres ? ['postgres', 'pglite'] : ['pglite']) {
  describe(`analytics on ${database}`, () => {
    const service = (): AdminReporting => onEach.find((s) => s.database === database)?.service ?? assert.fail(`no service on ${database}`);
    const db = () => service().deps.db;
    const figures = (firstDay: string, lastDay = firstDay) => analyticsFigures(db(), firstDay, lastDay);
    const count = async (sql: string, params: unknown[] = []) => (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]?.n;

    it('counts one visitor for the same browser at the same address all day, and another for another browser or address', async () => {
      const { collect } = createCollector(db());
      const day = '2025-01-01';
      await collect(page('/'), browser(), at(day, '09:00:00'));
      await collect(page('/chat'), browser(), at(day, '09:05:00'));
      assert.deepEqual(await figures(day).then((f) => [f.activeUsers, f.pageViews]), [1, 2]);
      await collect(page('/'), browser('198.51.100.7', FIREFOX), at(day, '09:06:00'));
      await collect(page('/'), browser('198.51.100.8'), at(day, '09:07:00'));
      assert.deepEqual(await figures(day).then((f) => [f.activeUsers, f.pageViews]), [3, 4]);
    });

    it('starts a new visit after more than 30 minutes without a hit, and times each visit from its first hit to its last', async () => {
      const { collect } = createCollector(db());
      const day = '2025-01-02';
      await collect(page('/'), browser(), at(day, '10:00:00'));
      await collect(page('/plans'), browser(), at(day, '10:30:00'));
      assert.deepEqual((await figures(day)).userEngagement, [{ date: '20250102', sessions: 1 }], '30 minutes exactly is the same visit');
      await collect(page('/'), browser(), at(day, '11:00:01'));
      const after = await figures(day);
      assert.deepEqual(after.userEngagement, [{ date: '20250102', sessions: 2 }]);
      assert.equal(after.activeUsers, 1);
      assert.equal(after.averageSessionDuration, 900, '(1800 s + 0 s) / 2 visits');
    });

    it("rotates the salt at India midnight: yesterday's visitor is a new one today, and yesterday's salt is deleted", async () => {
      const { collect } = createCollector(db());
      await collect(page('/'), browser(), at('2025-01-03', '23:50:00'));
      await collect(page('/'), browser(), at('2025-01-04', '00:10:00'));
      assert.equal((await figures('2025-01-03', '2025-01-04')).activeUsers, 2);
      assert.deepEqual((await figures('2025-01-03', '2025-01-04')).userEngagement, [
        { date: '20250103', sessions: 1 },
        { date: '20250104', sessions: 1 },
      ]);
      const { rows } = await db().query<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_salts");
      assert.deepEqual(rows, [{ day: '2025-01-04' }]);
    });

    it('keeps neither the address nor the user agent anywhere', async () => {
      const { collect } = createCollector(db());
      await collect(page('/about'), browser('192.0.2.99', FIREFOX), at('2025-01-04', '12:00:00'));
      for (const table of ['analytics_hits', 'analytics_sessions', 'analytics_salts']) {
        assert.equal(await count(`${table} AS t WHERE t::text LIKE '%192.0.2.99%' OR t::text LIKE '%Firefox%'`), 0, table);
      }
    });

    it('makes one visit of 20 simultaneous first hits of a new visitor, each reading the salt itself', async () => {
      const day = '2025-01-05';
      // A collector each: no salt in memory, so every hit asks the database for the day's salt.
      await Promise.all(Array.from({ length: 20 }, (_, i) => createCollector(db()).collect(page(`/p${String(i % 3)}`), browser(), at(day))));
      const { rows } = await db().query<{ page_views: number }>('SELECT page_views FROM analytics_sessions WHERE day = $1', [day]);
      assert.deepEqual(rows, [{ page_views: 20 }]);
      assert.equal(await count('analytics_hits WHERE day = $1', [day]), 20);
      assert.equal(await count('analytics_salts WHERE day = $1', [day]), 1);
    });

    it('gives 20 simultaneous callers making the same new day salt the one kept', async () => {
      const salts = await Promise.all(Array.from({ length: 20 }, () => saltOfDay(db(), '2025-01-06', randomBytes(32))));
      assert.equal(new Set(salts.map((salt) => Buffer.from(salt).toString('hex'))).size, 1);
      assert.equal(salts[0]?.length, 32);
    });

    it('drops hits of bots and of clients that send no user agent', async () => {
      const { collect } = createCollector(db());
      const day = '2025-01-07';
      for (const userAgent of [
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        'curl/8.5.0',
        'python-requests/2.32.3',
        'HeadlessChrome/138.0',
        '',
      ]) {
        assert.equal(await collect(page('/'), browser('198.51.100.7', userAgent), at(day)), 'ignored', userAgent);
      }
      assert.equal(await collect(page('/'), browser(), at(day)), 'stored');
      assert.equal(await count('analytics_hits WHERE day = $1', [day]), 1);
    });

    it('keeps the path without its query string or fragment, which may carry a token', async () => {
      const { collect } = createCollector(db());
      const day = '2025-01-08';
      await collect(page('/reset-password?token=s3cret#top'), browser(), at(day));
      await collect(page('/about#team'), browser(), at(day));
      assert.deepEqual((await figures(day)).topPages, [
        { path: '/about', pageViews: 1 },
        { path: '/reset-password', pageViews: 1 },
      ]);
      assert.equal(await count("analytics_hits WHERE path LIKE '%s3cret%'"), 0);
    });

    it('computes the figures of a range: page views, visitors, visit time, conversion rate, visits by day, top pages and events by day', async () => {
      const { collect } = createCollector(db());
      const [asha, ravi, meera] = [browser('203.0.113.1'), browser('203.0.113.2'), browser('203.0.113.3', FIREFOX)];
      // Day one: Asha reads two pages and signs up; Ravi reads one page and asks twice.
      await collect(page('/'), asha, at('2025-01-09', '10:00:00'));
      await collect(page('/signup'), asha, at('2025-01-09', '10:02:00'));
      await collect(event('signup_completed'), asha, at('2025-01-09', '10:04:00'));
      await collect(page('/chat'), ravi, at('2025-01-09', '11:00:00'));
      await collect(event('chat_message_sent', { length: 42, hinglish: false }), ravi, at('2025-01-09', '11:01:00'));
      await collect(event('chat_message_sent', { hinglish: false, length: 42 }), ravi, at('2025-01-09', '11:03:00'));
      // Day two: Meera comes twice, an hour apart, and subscribes in the second visit.
      await collect(page('/'), meera, at('2025-01-10', '09:00:00'));
      await collect(page('/plans'), meera, at('2025-01-10', '10:00:00'));
      await collect(event('subscription_started', { plan: 'premium' }), meera, at('2025-01-10', '10:10:00'));
      for (let i = 0; i < 11; i += 1) await collect(page(`/knowledge/entry-${String(i).padStart(2, '0')}`), meera, at('2025-01-10', '10:11:00'));

      const both = await figures('2025-01-09', '2025-01-10');
      assert.equal(both.pageViews, 16);
      assert.equal(both.activeUsers, 3);
      // Visits: Asha 240 s, Ravi 180 s, Meera 0 s and 660 s.
      assert.equal(both.averageSessionDuration, 270);
      assert.equal(both.conversionRate, 50, 'Asha and Meera converted in 2 of 4 visits');
      assert.deepEqual(both.userEngagement, [
        { date: '20250109', sessions: 2 },
        { date: '20250110', sessions: 2 },
      ]);
      assert.equal(both.topPages.length, 10);
      assert.deepEqual(both.topPages.slice(0, 3), [
        { path: '/', pageViews: 2 },
        { path: '/chat', pageViews: 1 },
        { path: '/knowledge/entry-00', pageViews: 1 },
      ]);
      assert.deepEqual(both.events, [
        {
          date: '20250109',
          events: [
            { name: 'chat_message_sent', parameters: '{"length": 42, "hinglish": false}', count: 2 },
            { name: 'signup_completed', parameters: '{}', count: 1 },
          ],
        },
        { date: '20250110', events: [{ name: 'subscription_started', parameters: '{"plan": "premium"}', count: 1 }] },
      ]);

      const dayOne = await figures('2025-01-09');
      assert.deepEqual([dayOne.pageViews, dayOne.activeUsers, dayOne.conversionRate], [3, 2, 50]);
      assert.deepEqual(await figures('2025-01-11'), {
        pageViews: 0,
        activeUsers: 0,
        averageSessionDuration: 0,
        conversionRate: 0,
        userEngagement: [],
        topPages: [],
        events: [],
      });
    });

    it('rounds the conversion rate to two decimals', async () => {
      const { collect } = createCollector(db());
      const day = '2025-01-12';
      await collect(event('signup_completed'), browser('203.0.113.1'), at(day));
      await collect(page('/'), browser('203.0.113.2'), at(day));
      await collect(page('/'), browser('203.0.113.3'), at(day));
      assert.equal((await figures(day)).conversionRate, 33.33);
    });

    it('lists the questions most asked and most often abstained from in a range, one question in any case or spacing', async () => {
      // As chat's answer events fill the table (003_answers_by_user.sql keys it by query and user).
      const answered = (question: string, abstained: boolean, when: Date) =>
        db().query('INSERT INTO answers_given (query_id, user_id, question, abstained, answered_at) VALUES ($1, $2, $3, $4, $5)', [
          randomUUID(),
          randomUUID(),
          question,
          abstained,
          when,
        ]);
      const day = '2025-01-13';
      await answered('What is Goonj?', false, at(day, '00:00:00'));
      await answered('What is Goonj?', false, at(day, '12:00:00'));
      await answered('  what is goonj? ', false, at(day, '23:59:59'));
      await answered('Weather in London', true, at(day));
      await answered('Weather in London', true, at(day));
      await answered('PM Kisan eligibility', false, at(day));
      await answered('PM Kisan eligibility', true, at(day));
      await answered('Outside the range', true, at('2025-01-12', '23:59:59'));
      await answered('Outside the range', true, at('2025-01-14', '00:00:00'));
      assert.deepEqual(await questionsAsked(db(), at(day, '00:00:00'), at('2025-01-14', '00:00:00')), {
        topQuestions: [
          { question: 'What is Goonj?', count: 3 },
          { question: 'PM Kisan eligibility', count: 2 },
          { question: 'Weather in London', count: 2 },
        ],
        abstainedQuestions: [
          { question: 'Weather in London', count: 2 },
          { question: 'PM Kisan eligibility', count: 1 },
        ],
      });
    });

    it('reads a short range through the indexes, not the whole tables', async () => {
      // Two years of traffic in 2019 and 2020, far from the other tests' days.
      await db().query(
        `INSERT INTO analytics_hits (day, occurred_at, kind, path, name)
         SELECT day, day + time '10:00', CASE WHEN i % 4 = 0 THEN 'event' ELSE 'pageview' END, '/p' || (i % 50), CASE WHEN i % 4 = 0 THEN 'chat_message_sent' END
         FROM generate_series(1, 40000) AS i, LATERAL (SELECT date '2019-01-01' + i % 730 AS day) AS d`,
      );
      await db().query(
        `INSERT INTO analytics_sessions (visitor_id, seq, day, started_at, last_seen_at, page_views, converted)
         SELECT decode(lpad(to_hex(i), 16, '0'), 'hex'), 1, day, day + time '10:00', day + time '10:05', 2, i % 10 = 0
         FROM generate_series(1, 20000) AS i, LATERAL (SELECT date '2019-01-01' + i % 730 AS day) AS d`,
      );
      await db().query('ANALYZE analytics_hits');
      await db().query('ANALYZE analytics_sessions');
      const { rows } = await db().query<{ 'QUERY PLAN': string }>(`EXPLAIN ${FIGURES_SQL}`, ['2020-06-01', '2020-06-07', 10, 50]);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      assert.doesNotMatch(plan, /Seq Scan on analytics_(hits|sessions)/, plan);
      assert.match(plan, /analytics_hits_pages/, plan);
      assert.match(plan, /analytics_hits_events/, plan);
      assert.match(plan, /analytics_sessions_day/, plan);
    });
  });
}
