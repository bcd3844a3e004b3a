// The read models rebuilt by replaying the topics from the start: on Kafka and PostgreSQL only
// (the embedded stack keeps no event log), so the test is skipped, and counted, without them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestStack, eventually, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { adminReportingService } from '../../src/app.ts';
import { runRebuildCommand } from '../../bin/rebuild.ts';
import { ADMIN, adminHeaders, publisher, type AdminReporting } from '../support/admin.ts';

const real = Boolean(realInfrastructure.kafka && realInfrastructure.postgres);

let stack: TestStack;
let service: AdminReporting;
before(async () => {
  if (!real) return;
  stack = await createTestStack();
  service = await stack.start(adminReportingService, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
});
after(() => (real ? stack.close() : undefined));

const snapshot = async (db: AdminReporting['deps']['db']) => ({
  stats: (await service.app.inject({ method: 'GET', url: '/api/admin/stats', headers: adminHeaders })).json<object>(),
  users: (await db.query('SELECT u.user_id, name, email, s.plan, s.queries_used FROM users u LEFT JOIN subscriptions s USING (user_id) ORDER BY user_id')).rows,
  ratings: (await db.query<{ helpful: boolean }>('SELECT query_id, question, helpful, reason, source_ids FROM answer_ratings ORDER BY query_id')).rows,
});

describe('admin-reporting: npm run admin:rebuild', { skip: real ? false : 'needs Kafka and PostgreSQL (KAFKA_BROKERS, DATABASE_URL)' }, () => {
  it('refuses while the service runs, then rebuilds the same read models from the start of every topic', async () => {
    const publish = publisher(service);
    const start = new Date(Date.now() - 86_400_000);
    const users = [await publish.registered('Asha Verma', 'asha@example.in'), await publish.registered('Ravi Kumar', 'ravi@example.in')];
    for (const userId of users) await publish.plan(userId, 'premium', { start });
    await publish.paid(users[0] ?? '', 294_882n);
    await publish.asked(users[1] ?? '', start);
    // An answer marked twice: the rebuilt read model keeps its latest mark.
    const marked = await publish.rated(users[1] ?? '', 'Who founded Goonj?', { reason: 'Says nothing of the founder', at: new Date(Date.now() - 1000) });
    await publish.rated(users[1] ?? '', 'Who founded Goonj?', { queryId: marked, helpful: true });
    // A new consumer group joins and is assigned its partitions first: that alone can take seconds on a busy broker.
    // Every event applied: both registrations (on their own partitions, so in either order), both plans, the payment, the query and the marks.
    const built = await eventually(async () => {
      const now = await snapshot(service.deps.db);
      const complete =
        now.users.length === users.length &&
        now.users.every((u) => u.plan === 'premium') &&
        now.users.some((u) => u.queries_used === 1) &&
        (now.stats as { monthlyRevenue: number }).monthlyRevenue === 294_882 &&
        now.ratings.length === 1 &&
        now.ratings[0]?.helpful === true;
      return complete ? now : undefined;
    }, 60_000);
    const env = Object.fromEntries(
      Object.entries(service.deps.config as Record<string, string | number | undefined>).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    );
    const lines: string[] = [];
    assert.equal(await runRebuildCommand(env, (line) => lines.push(line)), 1);
    assert.match(lines.join('\n'), /stop admin-reporting/);
    await service.deps.db.query("UPDATE users SET name = 'lost'");
    await service.deps.db.query("INSERT INTO answer_ratings VALUES ('stray', 'nobody', 'no event made this', false, NULL, '{}', false, now())");
    await service.stop();
    assert.equal(await runRebuildCommand({ ...env, LOG_LEVEL: 'silent' }, (line) => lines.push(line)), 0);
    const rebuilt = await stack.start(adminReportingService, {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: env.DATABASE_URL ?? '',
    });
    service = rebuilt;
    assert.deepEqual(await snapshot(rebuilt.deps.db), built);
  });
});
