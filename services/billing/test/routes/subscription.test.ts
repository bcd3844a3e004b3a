import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eventually, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { billingService } from '../../src/app.ts';
import { bearerFor, registerUser, startBilling, subscribed, type Billing } from '../support/billing.ts';

let stack: TestStack;
let billing: Billing;
before(async () => {
  ({ stack, billing } = await startBilling());
});
after(() => stack.close());

const get = (headers: Record<string, string> = {}, from: Billing = billing) => from.app.inject({ method: 'GET', url: '/api/subscription', headers });

/** subscription_cache_reads_total of `from`, by read. */
async function cacheReads(from: Billing): Promise<Record<string, number>> {
  const metric = await from.deps.metrics.registry.getSingleMetric('subscription_cache_reads_total')?.get();
  return Object.fromEntries((metric?.values ?? []).map(({ labels, value }) => [String(labels.read), value]));
}

async function newSubscriber(): Promise<{ userId: string; headers: Record<string, string> }> {
  const userId = randomUUID();
  await registerUser(billing, userId, new Date());
  await subscribed(billing, userId);
  return { userId, headers: await bearerFor(stack, userId) };
}

describe('GET /api/subscription', () => {
  it("answers the signed-in user's plan, allowance and period end", async () => {
    const userId = randomUUID();
    await registerUser(billing, userId, new Date('2026-08-20T12:00:00Z'));
    await subscribed(billing, userId);
    const response = await get(await bearerFor(stack, userId));
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { plan: 'basic', active: true, status: 'active', queriesUsed: 0, queriesLimit: 1, endDate: '2026-08-31T18:30:00.000Z' });
  });

  it('answers 404 before the plan exists and 401 without a valid token', async () => {
    const missing = await get(await bearerFor(stack, randomUUID()));
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { error: 'No active subscription', code: 'BILLING_NO_SUBSCRIPTION' });
    assert.equal((await get()).statusCode, 401);
    assert.equal((await get({ authorization: 'Bearer not.a.token' })).statusCode, 401);
  });
});

describe('GET /api/subscription from memory', () => {
  it('reads the database once, then memory, and shows a change the moment this replica committed it, by any path', async () => {
    const { userId, headers } = await newSubscriber();
    // As an operator's SQL would: no route of billing knows of it. Once it resolves, the
    // notifications of every earlier write (the registration's) have arrived too.
    const setUsed = (used: number) => billing.deps.db.query('UPDATE subscriptions SET queries_used = $2 WHERE user_id = $1', [userId, used]);
    await setUsed(3);
    const before = await cacheReads(billing);
    assert.equal((await get(headers)).json<{ queriesUsed: number }>().queriesUsed, 3);
    assert.equal((await get(headers)).json<{ queriesUsed: number }>().queriesUsed, 3);
    const after = await cacheReads(billing);
    assert.deepEqual([(after.miss ?? 0) - (before.miss ?? 0), (after.hit ?? 0) - (before.hit ?? 0)], [1, 1]);
    await setUsed(4);
    assert.equal((await get(headers)).json<{ queriesUsed: number }>().queriesUsed, 4);
  });

  if (realInfrastructure.postgres) {
    it('shows on one replica a change another replica committed, within a notification', async () => {
      const other = await stack.start(billingService, { DATABASE_URL: billing.deps.config.DATABASE_URL ?? '' });
      try {
        const { userId, headers } = await newSubscriber();
        await get(headers);
        await get(headers, other);
        await other.deps.db.query('UPDATE subscriptions SET queries_used = 5 WHERE user_id = $1', [userId]);
        assert.equal((await get(headers, other)).json<{ queriesUsed: number }>().queriesUsed, 5, 'the replica that wrote');
        await eventually(async () => ((await get(headers)).json<{ queriesUsed: number }>().queriesUsed === 5 ? true : undefined), 5000);
      } finally {
        await other.stop();
      }
    });
  }
});
