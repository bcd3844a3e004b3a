import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../src/api/client.ts';
import { PLAN_PENDING_RETRIES } from '../../src/app/timings.ts';
import { retryWhilePlanPending } from '../../src/pages/assistant/chat/chatApi.ts';

describe("the chat allowance's retries", () => {
  it('asks again while the plan is pending, up to the limit', () => {
    const pending = new ApiError(409, 'Your plan is still being set up. Please try again in a moment.', 'PLAN_PENDING');
    assert.equal(retryWhilePlanPending(0, pending), true);
    assert.equal(retryWhilePlanPending(PLAN_PENDING_RETRIES - 1, pending), true);
    assert.equal(retryWhilePlanPending(PLAN_PENDING_RETRIES, pending), false);
  });

  it('does not ask again after any other failure', () => {
    assert.equal(retryWhilePlanPending(0, new ApiError(409, 'Another conflict', 'CONFLICT')), false);
    assert.equal(retryWhilePlanPending(0, new ApiError(401, 'Unauthorized', 'UNAUTHORIZED')), false);
    assert.equal(retryWhilePlanPending(0, new ApiError(503)), false);
    assert.equal(retryWhilePlanPending(0, new TypeError('Failed to fetch')), false);
  });
});
