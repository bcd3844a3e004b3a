import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eventually, type TestStack } from '@betterplus/kit/testing';
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
});
