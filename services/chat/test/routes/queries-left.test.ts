import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { takeQuery } from '../../src/db/allowance.ts';
import { bearerFor, billingGrants, currentPeriod, settled, startChat, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chat: Chat;
before(async () => {
  ({ stack, chat } = await startChat());
});
after(() => stack.close());

const queriesLeft = async (userId: string) => chat.app.inject({ method: 'GET', url: '/api/chat/queries-left', headers: await bearerFor(stack, userId) });

describe('GET /api/chat/queries-left', () => {
  it('answers 409 in the one error shape while the plan has not arrived, then what is left and when it resets', async () => {
    const userId = randomUUID();
    const pending = await queriesLeft(userId);
    assert.equal(pending.statusCode, 409);
    assert.deepEqual(pending.json(), { error: 'Your plan is still being set up. Please try again in a moment.', code: 'CHAT_PLAN_PENDING' });
    const period = currentPeriod();
    await billingGrants(chat, userId, { queriesLimit: 3, ...period });
    await settled(chat);
    await takeQuery(chat.deps.db, userId, new Date());
    const answer = await queriesLeft(userId);
    assert.equal(answer.statusCode, 200);
    assert.deepEqual(answer.json(), { queriesLeft: 2, queriesLimit: 3, resetsAt: period.periodEnd.toISOString() });
  });

  it('answers 401 without a valid token', async () => {
    assert.equal((await chat.app.inject({ method: 'GET', url: '/api/chat/queries-left' })).statusCode, 401);
  });
});
