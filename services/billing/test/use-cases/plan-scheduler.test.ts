import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createTestStack, published, type TestStack } from '@betterplus/kit/testing';
import { PlanExpiredEvent, SubscriptionChangedEvent } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { findSubscription } from '../../src/db/subscriptions.ts';
import { rollOverDuePlans } from '../../src/use-cases/plan-scheduler.ts';
import { startBillingOnEachDatabase, type Billing } from '../support/billing.ts';

// Far enough ahead that the service's own scheduler, on the real clock, never finds these due.
const end = new Date('2031-03-15T10:00:00Z');
const later = new Date('2031-03-15T10:00:01Z');

async function insert(billing: Billing, plan: 'basic' | 'premium', status: string): Promise<string> {
  const userId = randomUUID();
  await billing.deps.db.query(
    `INSERT INTO subscriptions (user_id, plan, status, queries_used, queries_limit, start_date, end_date, provider_subscription_id)
     VALUES ($1, $2, $3, 7, $4, $5, $6, $7)`,
    [userId, plan, status, plan === 'premium' ? 50 : 1, new Date('2031-02-15T10:00:00Z'), end, plan === 'premium' ? `sub_${userId.slice(0, 14)}` : null],
  );
  return userId;
}

let stack: TestStack;
let onEach: { database: string; billing: Billing }[];
before(async () => {
  stack = await createTestStack();
  onEach = await startBillingOnEachDatabase(stack);
});
after(() => stack.close());

describe('the plan scheduler, on the time it is given', () => {
  it('returns a cancelled or halted Premium to Basic at its end with PlanExpired, renews Basic monthly, and leaves an active Premium to its renewal', async () => {
    for (const { database, billing } of onEach) {
      const [cancelled, halted, active, basic] = [
        await insert(billing, 'premium', 'cancelled'),
        await insert(billing, 'premium', 'halted'),
        await insert(billing, 'premium', 'active'),
        await insert(billing, 'basic', 'active'),
      ];
      assert.equal(await rollOverDuePlans(billing.deps.uow, new Date(end.getTime() - 1000)), 0, `${database}: nothing is due before the end`);
      await rollOverDuePlans(billing.deps.uow, later);
      // March 2031 in India time.
      const march = { start_date: new Date('2031-02-28T18:30:00Z'), end_date: new Date('2031-03-31T18:30:00Z') };
      for (const userId of [cancelled, halted, basic]) {
        const row = await findSubscription(billing.deps.db, userId);
        assert.deepEqual(
          row && {
            plan: row.plan,
            status: row.status,
            queries_used: row.queries_used,
            queries_limit: row.queries_limit,
            start_date: row.start_date,
            end_date: row.end_date,
          },
          { plan: 'basic', status: 'active', queries_used: 0, queries_limit: 1, ...march },
          database,
        );
      }
      assert.equal((await findSubscription(billing.deps.db, active))?.plan, 'premium', `${database}: an active Premium waits for its renewal charge`);
      const expired = (await published(billing, PlanExpiredEvent)).map((e) => e.payload.userId);
      assert.deepEqual(expired.filter((id) => [cancelled, halted, active, basic].includes(id)).sort(), [cancelled, halted].sort(), database);
      const changed = (await published(billing, SubscriptionChangedEvent)).filter((e) => e.key === basic);
      assert.deepEqual(
        changed.map((e) => [e.payload.plan, e.payload.periodEnd && timestampDate(e.payload.periodEnd).toISOString()]),
        [['basic', march.end_date.toISOString()]],
        database,
      );
    }
  });

  it('moves each due plan once when replicas run it at the same moment', async () => {
    for (const { database, billing } of onEach) {
      const users = await Promise.all(
        Array.from({ length: 30 }, (_, i) => insert(billing, i % 2 === 0 ? 'premium' : 'basic', i % 2 === 0 ? 'cancelled' : 'active')),
      );
      const expiredBefore = (await published(billing, PlanExpiredEvent)).length;
      const moved = await Promise.all([
        rollOverDuePlans(billing.deps.uow, later),
        rollOverDuePlans(billing.deps.uow, later),
        rollOverDuePlans(billing.deps.uow, later),
      ]);
      assert.equal(
        moved.reduce((a, b) => a + b, 0),
        30,
        `${database}: ${moved.join(' + ')}`,
      );
      const expired = (await published(billing, PlanExpiredEvent)).slice(expiredBefore).map((e) => e.payload.userId);
      assert.equal(expired.length, 15, database);
      assert.equal(new Set(expired).size, 15, `${database}: one PlanExpired per plan`);
      assert.ok(users.every((id, i) => i % 2 === 1 || expired.includes(id)));
    }
  });
});
