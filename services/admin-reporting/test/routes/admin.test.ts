// The admin panel's calls on read models fed by events (over Kafka when the environment has it),
// on PostgreSQL and PGlite: basic auth and its limit, stats, the users table, the CSV export.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { indiaDate } from '@betterplus/kit';
import { eventually, type TestStack } from '@betterplus/kit/testing';
import type { AdminStats, AdminUserRow } from '../../src/db/admin-reports.ts';
import { ADMIN, adminHeaders, basic, publisher, startOnEachStack, type AdminReporting } from '../support/admin.ts';

let onEach: { database: string; stack: TestStack; service: AdminReporting }[] = [];
before(async () => {
  onEach = await startOnEachStack();
});
after(async () => {
  for (const { stack } of onEach) await stack.close();
});

const get = async (service: AdminReporting, url: string, headers: Record<string, string> = adminHeaders) => service.app.inject({ method: 'GET', url, headers });
const stats = async (service: AdminReporting) => (await get(service, '/api/admin/stats')).json<AdminStats>();
const users = async (service: AdminReporting, query: string) =>
  (await get(service, `/api/admin/users?${query}`)).json<{ users: AdminUserRow[]; total: number }>();
const thisMonth = () => indiaDate(new Date()).slice(0, 7);

describe('admin-reporting: the admin calls', () => {
  it('refuses a missing or wrong account with 401 JSON, and an address after 10 failures with 429 even with the right one', async () => {
    for (const { service } of onEach) {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: basic(ADMIN.username, 'wrong') },
        { authorization: basic('someone', ADMIN.password) },
        { authorization: 'Basic !!!' },
      ]) {
        const response = await get(service, '/api/admin/stats', headers);
        assert.equal(response.statusCode, 401);
        assert.equal(response.json<{ code: string }>().code, 'ADMIN_REPORTING_INVALID_CREDENTIALS');
        assert.equal(response.headers['www-authenticate'], undefined, 'no browser dialog over the panel');
      }
      const from = (remoteAddress: string, password: string) =>
        service.app.inject({ method: 'GET', url: '/api/admin/stats', remoteAddress, headers: { authorization: basic(ADMIN.username, password) } });
      for (let i = 0; i < 10; i += 1) assert.equal((await from('203.0.113.9', `guess-${String(i)}`)).statusCode, 401);
      assert.equal((await from('203.0.113.9', ADMIN.password)).statusCode, 429);
      assert.equal((await from('203.0.113.10', ADMIN.password)).statusCode, 200, 'another address is not held back');
    }
  });

  it('counts users, 30 days of revenue and queries, plans and the monthly trends from the events, each event once', async () => {
    for (const { service } of onEach) {
      const publish = publisher(service);
      const before = await stats(service);
      const start = new Date(Date.now() - 86_400_000);
      const asha = await publish.registered('Asha Verma', 'asha@example.in');
      const ravi = await publish.registered('Ravi Kumar', 'ravi@example.in');
      await publish.plan(asha, 'basic', { start });
      await publish.plan(ravi, 'premium', { start });
      const paymentId = await publish.paid(ravi, 294_882n);
      await publish.paid(ravi, 294_882n, new Date(), paymentId);
      await publish.paid(ravi, 100_000n, new Date(Date.now() - 40 * 86_400_000));
      const first = await publish.asked(ravi, start);
      await publish.asked(ravi, start);
      await publish.asked(ravi, start, first);
      await publish.refunded(ravi, await publish.asked(ravi, start), start);
      const revenueOf = (s: AdminStats) => s.revenueTrend.reduce((sum, m) => sum + m.revenue, 0);
      // Every payment arrived, the one from 40 days ago too: events of one topic may land after another's.
      const after = await eventually(async () => {
        const now = await stats(service);
        const row = (await users(service, 'search=ravi@example.in')).users[0];
        const arrived =
          now.totalUsers === before.totalUsers + 2 && now.monthlyQueries === before.monthlyQueries + 2 && row?.queries_used === 2 && row.amount === 294_882;
        return arrived && revenueOf(now) - revenueOf(before) >= 394_882 ? now : undefined;
      });
      assert.equal(after.monthlyRevenue - before.monthlyRevenue, 294_882, 'the repeated payment once; the one 40 days ago outside the 30 days');
      const plans = Object.fromEntries(after.subscriptionsByPlan.map((p) => [p.plan, p.count]));
      const plansBefore = Object.fromEntries(before.subscriptionsByPlan.map((p) => [p.plan, p.count]));
      assert.deepEqual([(plans.basic ?? 0) - (plansBefore.basic ?? 0), (plans.premium ?? 0) - (plansBefore.premium ?? 0)], [1, 1]);
      assert.equal(after.revenueTrend.length, 12);
      assert.equal(after.revenueTrend.at(-1)?.month, thisMonth());
      assert.equal(revenueOf(after) - revenueOf(before), 394_882);
      assert.equal(
        (after.subscriptionTrend.at(-1)?.count ?? 0) - (before.subscriptionTrend.at(-1)?.count ?? 0),
        1,
        'one paying subscriber this month, however many payments',
      );
    }
  });

  it("counts each user's queries in their plan however plan and query events interleave, twenty users at once", async () => {
    for (const { service } of onEach) {
      const publish = publisher(service);
      const start = new Date(Date.now() - 86_400_000);
      const tag = `race${String(Date.now() % 100_000)}`;
      const racers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => publish.registered(`Racer ${String(i)} ${tag}`, `racer${String(i)}.${tag}@example.in`)),
      );
      await Promise.all(racers.flatMap((userId) => [publish.plan(userId, 'premium', { start }), publish.asked(userId, start), publish.asked(userId, start)]));
      // A count that missed a query stays wrong for ever: this waits for every row to show both.
      const rows = await eventually(async () => {
        const found = (await users(service, `search=${tag}&pageSize=50`)).users;
        return found.length === 20 && found.every((row) => row.subscription_plan === 'premium' && row.queries_used === 2) ? found : undefined;
      }, 30_000);
      assert.equal(rows.length, 20);
    }
  });

  it('keeps the latest plan, the provider status and profile changes, whatever order the plan changes arrive in', async () => {
    for (const { service } of onEach) {
      const publish = publisher(service);
      const meera = await publish.registered('Meera Nair', 'meera@example.in');
      const start = new Date(Date.now() - 86_400_000);
      await publish.plan(meera, 'premium', { start, changedAt: new Date(Date.now() - 1000) });
      await publish.plan(meera, 'basic', { start, changedAt: new Date(Date.now() - 60_000) });
      await publish.paid(meera, 294_882n);
      await publish.paymentFailed(meera);
      await publish.renamed(meera, 'Meera N. Pillai', 'meera@example.in');
      const row = await eventually(async () => {
        const [found] = (await users(service, 'search=meera@example.in')).users;
        return found?.razorpay_status === 'pending' && found.user_name === 'Meera N. Pillai' ? found : undefined;
      });
      assert.equal(row.subscription_plan, 'premium', 'the older change arrived later and changed nothing');
      await publish.cancelled(meera);
      await publish.expired(meera);
      await eventually(async () => ((await users(service, 'search=meera@example.in')).users[0]?.razorpay_status === 'cancelled' ? true : undefined));
    }
  });

  it('searches names and emails case-insensitively (LIKE characters as themselves), sorts any column and pages on the server', async () => {
    for (const { service } of onEach) {
      const publish = publisher(service);
      const tag = `zq${String(Date.now() % 100_000)}`;
      for (const name of ['Bina', 'anil', 'Chitra']) await publish.registered(`${name} ${tag}`, `${name.toLowerCase()}.${tag}@example.in`);
      await publish.registered(`100% ${tag}`, `percent.${tag}@example.in`);
      await eventually(async () => ((await users(service, `search=${tag}`)).total === 4 ? true : undefined));
      assert.deepEqual(
        (await users(service, `search=${tag.toUpperCase()}&sort=user_name&order=asc`)).users.map((u) => u.user_name.split(' ')[0]),
        ['100%', 'anil', 'Bina', 'Chitra'],
      );
      assert.deepEqual(
        (await users(service, `search=${tag}&sort=user_email&order=desc&pageSize=2&page=2`)).users.map((u) => u.user_email.split('.')[0]),
        ['bina', 'anil'],
      );
      assert.equal((await users(service, `search=${encodeURIComponent('%')}${tag}`)).total, 0, 'a % is searched as itself');
      assert.equal((await users(service, `search=${encodeURIComponent('0% ')}${tag}`)).total, 1);
      for (const query of ['sort=password', 'order=sideways', 'page=0', 'pageSize=1000', 'extra=1']) {
        const response = await get(service, `/api/admin/users?${query}`);
        assert.equal(response.statusCode, 400, query);
        assert.ok(response.json<{ error: string }>().error);
      }
    }
  });

  it('exports every user as users-subscriptions-{date}.csv, formulas kept as text', async () => {
    for (const { service } of onEach) {
      const publish = publisher(service);
      const tag = `csv${String(Date.now() % 100_000)}`;
      await publish.registered(`=HYPERLINK("http://evil.example","x") ${tag}`, `-${tag}@example.in`);
      await eventually(async () => ((await users(service, `search=${tag}`)).total === 1 ? true : undefined));
      const response = await get(service, '/api/admin/users/export');
      assert.equal(response.statusCode, 200);
      assert.match(response.headers['content-type'] ?? '', /^text\/csv/);
      assert.match(response.headers['content-disposition'] ?? '', /^attachment; filename="users-subscriptions-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = response.body.trim().split('\n');
      assert.equal(
        lines[0],
        'user_name,user_email,subscription_plan,queries_limit,queries_used,start_date,end_date,razorpay_subscription_id,razorpay_status,amount',
      );
      assert.equal(lines.length - 1, (await users(service, '')).total);
      const row = lines.find((line) => line.includes(tag));
      assert.ok(row?.startsWith(`"'=HYPERLINK(""http://evil.example"",""x"") ${tag}",'-${tag}@example.in,`), row ?? 'no row');
      assert.equal((await get(service, '/api/admin/users/export', {})).statusCode, 401);
    }
  });
});
