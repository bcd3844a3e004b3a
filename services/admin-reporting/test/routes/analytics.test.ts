// The web app's analytics beacons and the admin panel's analytics call, through app.inject(), on
// PostgreSQL and PGlite. Each test sends from addresses of its own: visitors and rate limits are
// counted per address.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { indiaDate } from '@betterplus/kit';
import { realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import type { AnalyticsFigures, NotHelpfulAnswer, QuestionsAsked } from '../../src/db/analytics.ts';
import { recordAnswerRated } from '../../src/db/read-models.ts';
import { createCollector } from '../../src/use-cases/analytics/collect.ts';
import { ADMIN, adminHeaders, basic, startOnEachStack, type AdminReporting } from '../support/admin.ts';

let onEach: { database: string; stack: TestStack; service: AdminReporting }[] = [];
before(async () => {
  onEach = await startOnEachStack();
});
after(async () => {
  for (const { stack } of onEach) await stack.close();
});

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Figures = AnalyticsFigures & QuestionsAsked & { notHelpfulAnswers: NotHelpfulAnswer[] };

for (const database of realInfrastructure.postgres ? ['postgres', 'pglite'] : ['pglite']) {
  describe(`analytics calls on ${database}`, () => {
    const service = (): AdminReporting => onEach.find((s) => s.database === database)?.service ?? assert.fail(`no service on ${database}`);
    const beacon = (payload: unknown, { ip = '198.51.100.1', userAgent = CHROME, contentType = 'application/json' } = {}) =>
      service().app.inject({
        method: 'POST',
        url: '/api/analytics/collect',
        remoteAddress: ip,
        headers: { 'content-type': contentType, 'user-agent': userAgent },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const analytics = (query: string, headers: Record<string, string> = adminHeaders, remoteAddress = '127.0.0.1') =>
      service().app.inject({ method: 'GET', url: `/api/admin/analytics${query}`, headers, remoteAddress });
    const hits = async () => (await service().deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_hits')).rows[0]?.n ?? 0;
    const today = () => indiaDate(new Date());

    describe('POST /api/analytics/collect', () => {
      it('takes a page view as JSON and an event as text/plain (sendBeacon): 202, no cookie', async () => {
        const page = await beacon({ kind: 'pageview', path: '/about', referrer: 'https://www.google.com/' }, { ip: '198.51.100.10' });
        assert.equal(page.statusCode, 202);
        assert.deepEqual(page.json(), { accepted: true });
        assert.equal(page.headers['set-cookie'], undefined);
        const sent = await beacon(
          { kind: 'event', path: '/chat', name: 'chat_message_sent', parameters: { length: 42 } },
          { ip: '198.51.100.10', contentType: 'text/plain;charset=UTF-8' },
        );
        assert.equal(sent.statusCode, 202);
        const { rows } = await service().deps.db.query<{ kind: string; path: string; name: string | null; parameters: unknown }>(
          "SELECT kind, path, name, parameters FROM analytics_hits WHERE path IN ('/about', '/chat') AND day = $1 ORDER BY id",
          [today()],
        );
        assert.deepEqual(rows, [
          { kind: 'pageview', path: '/about', name: null, parameters: {} },
          { kind: 'event', path: '/chat', name: 'chat_message_sent', parameters: { length: 42 } },
        ]);
      });

      it('refuses a bad or oversized beacon with a 4xx JSON error and stores nothing', async () => {
        const before = await hits();
        const event = { kind: 'event', path: '/chat', name: 'chat_message_sent' };
        const cases: { label: string; payload: unknown; contentType?: string; status: number; code: string }[] = [
          { label: 'bad JSON', payload: '{"kind":"pageview",', status: 400, code: 'INVALID_JSON' },
          { label: 'bad JSON as text/plain', payload: '{"kind":"pageview",', contentType: 'text/plain', status: 400, code: 'INVALID_JSON' },
          { label: 'an empty beacon', payload: '', contentType: 'text/plain', status: 400, code: 'INVALID_JSON' },
          { label: 'not an object', payload: '"pageview"', status: 400, code: 'VALIDATION' },
          { label: 'an unknown kind', payload: { kind: 'click', path: '/' }, status: 400, code: 'VALIDATION' },
          { label: 'no path', payload: { kind: 'pageview' }, status: 400, code: 'VALIDATION' },
          { label: 'a path without its slash', payload: { kind: 'pageview', path: 'about' }, status: 400, code: 'VALIDATION' },
          { label: 'a path of 501 characters', payload: { kind: 'pageview', path: `/${'a'.repeat(500)}` }, status: 400, code: 'VALIDATION' },
          { label: 'an event without a name', payload: { kind: 'event', path: '/chat' }, status: 400, code: 'VALIDATION' },
          { label: 'a name out of bounds', payload: { ...event, name: 'Chat Message Sent' }, status: 400, code: 'VALIDATION' },
          { label: 'a name of 41 letters', payload: { ...event, name: 'a'.repeat(41) }, status: 400, code: 'VALIDATION' },
          {
            label: '11 parameters',
            payload: { ...event, parameters: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${String(i)}`, i])) },
            status: 400,
            code: 'VALIDATION',
          },
          { label: 'a number past 2^53', payload: { ...event, parameters: { length: 1e308 } }, status: 400, code: 'VALIDATION' },
          { label: 'a nested parameter', payload: { ...event, parameters: { message: { text: 'hi' } } }, status: 400, code: 'VALIDATION' },
          { label: 'a parameter named oddly', payload: { ...event, parameters: { 'a b': 1 } }, status: 400, code: 'VALIDATION' },
          { label: 'an unknown field', payload: { kind: 'pageview', path: '/', userId: 'u1' }, status: 400, code: 'VALIDATION' },
          { label: 'a NUL character', payload: '{"kind":"pageview","path":"/a\\u0000b"}', contentType: 'text/plain', status: 400, code: 'VALIDATION' },
          {
            label: 'a body over 4 KB',
            payload: { ...event, parameters: { text: 'x'.repeat(200) }, referrer: 'r'.repeat(4000) },
            status: 413,
            code: 'PAYLOAD_TOO_LARGE',
          },
          { label: 'a form', payload: 'kind=pageview&path=/', contentType: 'application/x-www-form-urlencoded', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
        ];
        for (const { label, payload, contentType, status, code } of cases) {
          const response = await beacon(payload, { ip: '198.51.100.11', ...(contentType ? { contentType } : {}) });
          assert.equal(response.statusCode, status, `${label}: ${response.body}`);
          assert.equal(response.json<{ code: string }>().code, `ADMIN_REPORTING_${code}`, label);
          assert.equal(typeof response.json<{ error: string }>().error, 'string', label);
        }
        assert.equal(await hits(), before);
      });

      it('keeps text PostgreSQL cannot hold as it is (a lone UTF-16 half) with U+FFFD in its place', async () => {
        const response = await beacon('{"kind":"event","path":"/chat\\ud800","name":"chat_message_sent","parameters":{"draft":"a\\udc00b"}}', {
          ip: '198.51.100.16',
        });
        assert.equal(response.statusCode, 202);
        const { rows } = await service().deps.db.query<{ path: string; parameters: unknown }>(
          "SELECT path, parameters FROM analytics_hits WHERE parameters ? 'draft'",
        );
        assert.deepEqual(rows, [{ path: '/chat\ufffd', parameters: { draft: 'a\ufffdb' } }]);
      });

      it("answers a bot's beacon with 202 and stores nothing", async () => {
        const before = await hits();
        const response = await beacon({ kind: 'pageview', path: '/' }, { ip: '198.51.100.12', userAgent: GOOGLEBOT });
        assert.equal(response.statusCode, 202);
        assert.equal(await hits(), before);
      });

      it('refuses an address past 120 beacons a minute with 429 JSON; other addresses go on', async () => {
        // A bot's beacons are counted like anyone's, and store nothing.
        for (let i = 0; i < 120; i += 1)
          assert.equal((await beacon({ kind: 'pageview', path: '/' }, { ip: '198.51.100.13', userAgent: GOOGLEBOT })).statusCode, 202);
        const refused = await beacon({ kind: 'pageview', path: '/' }, { ip: '198.51.100.13' });
        assert.equal(refused.statusCode, 429);
        assert.equal(refused.json<{ code: string }>().code, 'ADMIN_REPORTING_RATE_LIMITED');
        assert.equal((await beacon('not even JSON', { ip: '198.51.100.13' })).statusCode, 429, 'counted before the body is read');
        assert.equal((await beacon({ kind: 'pageview', path: '/' }, { ip: '198.51.100.14' })).statusCode, 202);
      });

      it("shows in today's figures: one visitor per browser and address, its pages, events and conversion", async () => {
        const before = (await analytics('?range=7d')).json<Figures>();
        const path = `/knowledge/test-${database}`;
        await beacon({ kind: 'pageview', path }, { ip: '198.51.100.15' });
        await beacon({ kind: 'pageview', path: `${path}?ref=newsletter` }, { ip: '198.51.100.15' });
        await beacon({ kind: 'pageview', path }, { ip: '198.51.100.15', userAgent: SAFARI });
        await beacon(
          { kind: 'event', path: '/signup', name: 'signup_completed', parameters: { method: `otp-${database}` } },
          { ip: '198.51.100.15', userAgent: SAFARI },
        );
        const after = (await analytics('?range=7d')).json<Figures>();
        assert.equal(after.pageViews - before.pageViews, 3);
        assert.equal(after.activeUsers - before.activeUsers, 2, 'another user agent is another visitor');
        const sessionsToday = (figures: Figures) => figures.userEngagement.find((d) => d.date === today().replaceAll('-', ''))?.sessions ?? 0;
        assert.equal(sessionsToday(after) - sessionsToday(before), 2);
        assert.deepEqual(
          after.topPages.find((p) => p.path === path),
          { path, pageViews: 3 },
        );
        const todaysEvents = after.events.find((d) => d.date === today().replaceAll('-', ''))?.events ?? [];
        assert.deepEqual(
          todaysEvents.find((e) => e.parameters === `{"method": "otp-${database}"}`),
          { name: 'signup_completed', parameters: `{"method": "otp-${database}"}`, count: 1 },
        );
        assert.ok(after.conversionRate > 0);
      });
    });

    describe('GET /api/admin/analytics', () => {
      it('refuses a caller without the admin account with 401 JSON', async () => {
        for (const headers of [{}, { authorization: basic(ADMIN.username, 'wrong password') }] as Record<string, string>[]) {
          const response = await analytics('?range=7d', headers, '203.0.113.50');
          assert.equal(response.statusCode, 401);
          assert.equal(response.json<{ code: string }>().code, 'ADMIN_REPORTING_INVALID_CREDENTIALS');
        }
      });

      it('refuses an unknown range and a custom range without both dates, ending before it starts, in the future or badly written, with 400 JSON', async () => {
        const tomorrow = indiaDate(new Date(Date.now() + 86_400_000));
        const cases: [string, RegExp][] = [
          ['?range=1y', /range/],
          ['?range=', /range/],
          ['?range=7d&extra=1', /additional/],
          ['?range=custom', /both startDate and endDate/],
          ['?range=custom&startDate=2026-01-01', /both startDate and endDate/],
          ['?range=custom&startDate=2026-02-10&endDate=2026-02-09', /cannot precede/],
          [`?range=custom&startDate=${today()}&endDate=${tomorrow}`, /future/],
          ['?range=custom&startDate=2026-02-30&endDate=2026-03-01', /date/],
          ['?range=custom&startDate=01-02-2026&endDate=2026-03-01', /date/],
        ];
        for (const [query, message] of cases) {
          const response = await analytics(query);
          assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
          assert.match(response.json<{ error: string }>().error, message, query);
          assert.match(response.json<{ code: string }>().code, /^ADMIN_REPORTING_(VALIDATION|INVALID_RANGE)$/, query);
        }
      });

      it('answers the figures of a custom range of past days from the hits in it, and the question lists', async () => {
        const { collect } = createCollector(service().deps.db);
        const client = { ip: '203.0.113.60', userAgent: CHROME, host: 'localhost' };
        await collect({ kind: 'pageview', path: '/' }, client, new Date('2025-03-01T10:00:00+05:30'));
        await collect({ kind: 'pageview', path: '/plans' }, client, new Date('2025-03-01T10:01:40+05:30'));
        await collect(
          { kind: 'event', path: '/plans', name: 'subscription_started', parameters: { plan: 'premium' } },
          client,
          new Date('2025-03-01T10:02:00+05:30'),
        );
        await collect({ kind: 'pageview', path: '/' }, { ...client, userAgent: SAFARI }, new Date('2025-03-02T09:00:00+05:30'));
        const response = await analytics('?range=custom&startDate=2025-03-01&endDate=2025-03-02');
        assert.equal(response.statusCode, 200);
        assert.deepEqual(response.json(), {
          pageViews: 3,
          activeUsers: 2,
          averageSessionDuration: 60,
          conversionRate: 50,
          userEngagement: [
            { date: '20250301', sessions: 1 },
            { date: '20250302', sessions: 1 },
          ],
          topPages: [
            { path: '/', pageViews: 2 },
            { path: '/plans', pageViews: 1 },
          ],
          events: [{ date: '20250301', events: [{ name: 'subscription_started', parameters: '{"plan": "premium"}', count: 1 }] }],
          topQuestions: [],
          abstainedQuestions: [],
          notHelpfulAnswers: [],
        });
        const oneDay = (await analytics('?range=custom&startDate=2025-03-02&endDate=2025-03-02')).json<Figures>();
        assert.deepEqual([oneDay.pageViews, oneDay.activeUsers, oneDay.conversionRate], [1, 1, 0]);
      });

      it('lists the questions whose answers were marked not helpful in the range, with the latest reasons and the entries cited', async () => {
        const marked = (question: string, at: string, rating: { helpful?: boolean; reason?: string; sourceIds?: string[] } = {}) =>
          recordAnswerRated(service().deps.db, {
            queryId: randomUUID(),
            userId: randomUUID(),
            question,
            helpful: rating.helpful ?? false,
            reason: rating.reason ?? null,
            sourceIds: rating.sourceIds ?? ['goonj'],
            abstained: false,
            at: new Date(at),
          });
        await marked('Who founded Goonj?', '2025-04-01T09:00:00+05:30', { reason: 'oldest reason' });
        await marked('who founded goonj? ', '2025-04-01T10:00:00+05:30', { reason: 'second reason', sourceIds: ['cloth-for-work', 'goonj'] });
        await marked('Who founded Goonj?', '2025-04-01T11:00:00+05:30');
        await marked('Who founded Goonj?', '2025-04-02T12:00:00+05:30', { reason: 'third reason' });
        await marked('Who founded Goonj?', '2025-04-02T13:00:00+05:30', { reason: 'newest reason' });
        await marked('Who founded Goonj?', '2025-04-02T14:00:00+05:30', { helpful: true, reason: 'a helpful mark is no complaint' });
        await marked('What is MGNREGA?', '2025-04-02T23:59:59+05:30', { sourceIds: [] });
        await marked('Before the range', '2025-03-31T23:59:59+05:30');
        await marked('After the range', '2025-04-03T00:00:00+05:30');
        const response = await analytics('?range=custom&startDate=2025-04-01&endDate=2025-04-02');
        assert.equal(response.statusCode, 200);
        assert.deepEqual(response.json<Figures>().notHelpfulAnswers, [
          { question: 'Who founded Goonj?', count: 5, reasons: ['newest reason', 'third reason', 'second reason'], sources: ['cloth-for-work', 'goonj'] },
          { question: 'What is MGNREGA?', count: 1, reasons: [], sources: [] },
        ]);
      });

      it('answers each preset range, 7 days when none is named', async () => {
        for (const query of ['', '?range=7d', '?range=30d', '?range=90d']) {
          const response = await analytics(query);
          assert.equal(response.statusCode, 200, query);
          const figures = response.json<Figures>();
          assert.ok(figures.pageViews >= 0 && Array.isArray(figures.topPages) && Array.isArray(figures.events), query);
        }
      });
    });
  });
}
