import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eventually, published, type TestStack } from '@betterplus/kit/testing';
import { SubscriptionChangedEvent, topics } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { registerUser, startBilling, subscribed, subscriptionRow, type Billing } from '../../support/billing.ts';

let stack: TestStack;
let billing: Billing;
before(async () => {
  ({ stack, billing } = await startBilling());
});
after(() => stack.close());

describe('UserRegistered', () => {
  it('gives the new user Basic for the India calendar month of the registration', async () => {
    const userId = randomUUID();
    // 1 May 01:00 in India, still 30 April in UTC.
    await registerUser(billing, userId, new Date('2026-04-30T19:30:00Z'));
    const row = await subscribed(billing, userId);
    assert.equal(row.plan, 'basic');
    assert.equal(row.queries_limit, 1);
    assert.equal(row.start_date.toISOString(), '2026-04-30T18:30:00.000Z');
    assert.equal(row.end_date.toISOString(), '2026-05-31T18:30:00.000Z');
  });

  it('keeps the first plan when the same user is registered again', async () => {
    const userId = randomUUID();
    await registerUser(billing, userId, new Date('2026-06-15T10:00:00Z'));
    await registerUser(billing, userId, new Date('2026-07-15T10:00:00Z'));
    await subscribed(billing, userId);
    await eventually(async () => {
      const { rows } = await billing.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM processed_events');
      return rows[0]?.n === 3 ? true : undefined;
    });
    const row = await subscriptionRow(billing, userId);
    assert.equal(row?.start_date.toISOString(), '2026-05-31T18:30:00.000Z', 'the first registration decides');
  });

  it('tells the other services of the Basic grant once, in the transaction that made it', async () => {
    const userId = randomUUID();
    await registerUser(billing, userId, new Date('2026-09-05T10:00:00Z'));
    await registerUser(billing, userId, new Date('2026-10-05T10:00:00Z'));
    await subscribed(billing, userId);
    await eventually(async () => {
      const { rows } = await billing.deps.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM processed_events WHERE type = 'betterplus.identity.v1.UserRegistered'",
      );
      return rows[0]?.n === 5 ? true : undefined;
    });
    const changes = (await published(billing, SubscriptionChangedEvent)).filter((e) => e.key === userId);
    assert.equal(changes.length, 1);
    const [{ topic, payload } = assert.fail('no SubscriptionChanged')] = changes;
    assert.equal(topic, topics.billingSubscription);
    assert.deepEqual(
      {
        ...payload,
        periodStart: payload.periodStart && timestampDate(payload.periodStart).toISOString(),
        periodEnd: payload.periodEnd && timestampDate(payload.periodEnd).toISOString(),
        changedAt: undefined,
        $typeName: undefined,
      },
      {
        $typeName: undefined,
        userId,
        plan: 'basic',
        queriesLimit: 1,
        periodStart: '2026-08-31T18:30:00.000Z',
        periodEnd: '2026-09-30T18:30:00.000Z',
        status: 'active',
        changedAt: undefined,
      },
    );
  });
});
