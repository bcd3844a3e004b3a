import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { findSubscription } from '../../src/db/subscriptions.ts';
import { basicPeriod } from '../../src/domain/plans.ts';
import { startBasicPlan } from '../../src/use-cases/plan-changes.ts';
import { startBilling, type Billing } from '../support/billing.ts';

let stack: TestStack;
let billing: Billing;
before(async () => {
  ({ stack, billing } = await startBilling());
});
after(() => stack.close());

describe('subscriptions table', () => {
  it('starts Basic with its allowance and period, and keeps an existing subscription as it is', async () => {
    const userId = randomUUID();
    const april = basicPeriod(new Date('2026-04-10T10:00:00Z'));
    assert.equal((await startBasicPlan(billing.deps.db, userId, april))?.start_date.toISOString(), april.start.toISOString());
    assert.equal(await startBasicPlan(billing.deps.db, userId, basicPeriod(new Date('2026-05-10T10:00:00Z'))), undefined, 'an existing subscription is kept');
    const row = await findSubscription(billing.deps.db, userId);
    assert.deepEqual(row, {
      user_id: userId,
      plan: 'basic',
      status: 'active',
      queries_used: 0,
      queries_limit: 1,
      start_date: april.start,
      end_date: april.end,
      provider_subscription_id: null,
    });
    assert.equal(await findSubscription(billing.deps.db, randomUUID()), undefined);
  });
});
