import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eventually, type TestStack } from '@betterplus/kit/testing';
import { QueryConsumedEvent, QueryRefundedEvent, topics } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { bearerFor, registerUser, startBilling, subscribed, subscriptionRow, type Billing } from '../../support/billing.ts';

let stack: TestStack;
let billing: Billing;
before(async () => {
  ({ stack, billing } = await startBilling());
});
after(() => stack.close());

/** What chat publishes: each call is a new event (a new event id), as a retried publish after a crash would be. */
async function chatReports(kind: 'consumed' | 'refunded', userId: string, queryId: string, periodStart: Date): Promise<void> {
  await billing.deps.uow.run(async (tx) => {
    const payload = { userId, queryId, periodStart: timestampFromDate(periodStart) };
    if (kind === 'consumed') await tx.publish(QueryConsumedEvent, userId, payload);
    else await tx.publish(QueryRefundedEvent, userId, payload);
  });
}

/** Waits until billing has handled every event the tests published through its outbox (not its own SubscriptionChanged). */
async function settled(): Promise<void> {
  await eventually(async () => {
    const { rows } = await billing.deps.db.query<{ pending: number }>(
      'SELECT (SELECT count(*) FROM outbox WHERE topic <> $1)::int - (SELECT count(*) FROM processed_events)::int AS pending',
      [topics.billingSubscription],
    );
    return rows[0]?.pending === 0 ? true : undefined;
  });
}

async function newUser(): Promise<{ userId: string; periodStart: Date }> {
  const userId = randomUUID();
  await registerUser(billing, userId, new Date());
  const row = await subscribed(billing, userId);
  return { userId, periodStart: row.start_date };
}

const used = async (userId: string) =>
  (await billing.app.inject({ method: 'GET', url: '/api/subscription', headers: await bearerFor(stack, userId) })).json<{ queriesUsed: number }>().queriesUsed;

describe("queriesUsed follows chat's QueryConsumed and QueryRefunded", () => {
  it('counts each query id once, however often it is delivered', async () => {
    const { userId, periodStart } = await newUser();
    const [first, second] = [randomUUID(), randomUUID()];
    await chatReports('consumed', userId, first, periodStart);
    await chatReports('consumed', userId, first, periodStart);
    await chatReports('consumed', userId, second, periodStart);
    await settled();
    assert.equal(await used(userId), 2);
  });

  it('takes a refunded query off once, and never counts a query refunded before it arrived', async () => {
    const { userId, periodStart } = await newUser();
    const [kept, refunded, refundedFirst] = [randomUUID(), randomUUID(), randomUUID()];
    await chatReports('consumed', userId, kept, periodStart);
    await chatReports('consumed', userId, refunded, periodStart);
    await chatReports('refunded', userId, refunded, periodStart);
    await chatReports('refunded', userId, refunded, periodStart);
    await chatReports('refunded', userId, refundedFirst, periodStart);
    await chatReports('consumed', userId, refundedFirst, periodStart);
    await settled();
    assert.equal(await used(userId), 1);
  });

  it('leaves the current period alone for a query of another period', async () => {
    const { userId, periodStart } = await newUser();
    await chatReports('consumed', userId, randomUUID(), new Date(periodStart.getTime() - 30 * 24 * 3600 * 1000));
    await chatReports('consumed', userId, randomUUID(), periodStart);
    await settled();
    assert.equal(await used(userId), 1);
    assert.equal((await subscriptionRow(billing, userId))?.plan, 'basic');
  });
});
