import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { bearerFor, registerUser, startBilling, subscribed, type Billing } from '../support/billing.ts';

let stack: TestStack;
let billing: Billing;
before(async () => {
  ({ stack, billing } = await startBilling());
});
after(() => stack.close());

const get = (headers: Record<string, string> = {}) => billing.app.inject({ method: 'GET', url: '/api/subscription', headers });

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
