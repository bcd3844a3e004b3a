import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { billingGrants, currentPeriod, entitlementOf, settled, startChat, type Chat } from '../../support/chat.ts';

let stack: TestStack;
let chat: Chat;
before(async () => {
  ({ stack, chat } = await startChat());
});
after(() => stack.close());

describe('SubscriptionChanged', () => {
  it("keeps the user's latest plan: a later change replaces it, an older event delivered late does not", async () => {
    const userId = randomUUID();
    const at = Date.now();
    await billingGrants(chat, userId, { plan: 'basic', queriesLimit: 1, ...currentPeriod(), changedAt: new Date(at) });
    await billingGrants(chat, userId, { plan: 'premium', queriesLimit: 50, ...currentPeriod(), changedAt: new Date(at + 1000) });
    await billingGrants(chat, userId, { plan: 'basic', status: 'expired', queriesLimit: 1, ...currentPeriod(), changedAt: new Date(at + 500) });
    await settled(chat);
    assert.deepEqual(await entitlementOf(chat, userId), { plan: 'premium', queries_limit: 50, status: 'active' });
  });
});
