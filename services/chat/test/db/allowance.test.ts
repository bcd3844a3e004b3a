import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createTestStack, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { allowanceOf, giveBackQuery, takeQuery, type TakeResult } from '../../src/db/allowance.ts';
import { applyEntitlement } from '../../src/db/entitlements.ts';
import { currentPeriod, startChatOnEachDatabase, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chats: { database: string; chat: Chat }[];
before(async () => {
  stack = await createTestStack();
  chats = await startChatOnEachDatabase(stack);
});
after(() => stack.close());

const entitle = (chat: Chat, userId: string, queriesLimit: number, period = currentPeriod(), status = 'active') =>
  applyEntitlement(chat.deps.db, { userId, plan: 'premium', status, queriesLimit, ...period, changedAt: new Date() });

// PGlite always, PostgreSQL too when DATABASE_URL is set (CI): PGlite runs one transaction at a time and hides races.
for (const database of realInfrastructure.postgres ? ['postgres', 'pglite'] : ['pglite']) {
  describe(`the allowance on ${database}`, () => {
    const chatOn = (): Chat => chats.find((c) => c.database === database)?.chat ?? assert.fail(`no chat on ${database}`);

    it('takes queries one by one up to the limit, then refuses, and gives one back', async () => {
      const chat = chatOn();
      const userId = randomUUID();
      await entitle(chat, userId, 2);
      const first = await takeQuery(chat.deps.db, userId, new Date());
      assert.equal(typeof first === 'object' && first.used, 1);
      assert.equal(typeof (await takeQuery(chat.deps.db, userId, new Date())), 'object');
      assert.equal(await takeQuery(chat.deps.db, userId, new Date()), 'exhausted');
      assert.equal((await allowanceOf(chat.deps.db, userId, new Date()))?.queriesLeft, 0);
      if (typeof first === 'object') await giveBackQuery(chat.deps.db, userId, first.periodStart);
      assert.equal((await allowanceOf(chat.deps.db, userId, new Date()))?.queriesLeft, 1);
    });

    it('gives 60 simultaneous takes with 50 left exactly 50 queries, each in its own transaction', async () => {
      const chat = chatOn();
      const userId = randomUUID();
      await entitle(chat, userId, 50);
      const results: TakeResult[] = await Promise.all(Array.from({ length: 60 }, () => chat.deps.db.transaction((tx) => takeQuery(tx, userId, new Date()))));
      assert.equal(results.filter((r) => typeof r === 'object').length, 50);
      assert.equal(results.filter((r) => r === 'exhausted').length, 10);
      assert.deepEqual(new Set(results.flatMap((r) => (typeof r === 'object' ? [r.used] : []))).size, 50, 'each take saw its own count');
      assert.deepEqual(await allowanceOf(chat.deps.db, userId, new Date()).then((a) => a?.queriesLeft), 0);
    });

    it('has nothing to take before the plan is known, outside the period, or from an expired plan; a cancelled plan runs to its end', async () => {
      const chat = chatOn();
      const unknown = randomUUID();
      assert.equal(await takeQuery(chat.deps.db, unknown, new Date()), 'no-plan');
      assert.equal(await allowanceOf(chat.deps.db, unknown, new Date()), undefined);
      const [ended, expired, cancelled] = [randomUUID(), randomUUID(), randomUUID()];
      await entitle(chat, ended, 5, { periodStart: new Date('2026-01-01T00:00:00Z'), periodEnd: new Date('2026-02-01T00:00:00Z') });
      await entitle(chat, expired, 5, currentPeriod(), 'expired');
      await entitle(chat, cancelled, 5, currentPeriod(), 'cancelled');
      assert.equal(await takeQuery(chat.deps.db, ended, new Date()), 'exhausted');
      assert.equal((await allowanceOf(chat.deps.db, ended, new Date()))?.queriesLeft, 0);
      assert.equal(await takeQuery(chat.deps.db, expired, new Date()), 'exhausted');
      assert.equal(typeof (await takeQuery(chat.deps.db, cancelled, new Date())), 'object');
      assert.equal((await allowanceOf(chat.deps.db, cancelled, new Date()))?.queriesLeft, 4);
    });
  });
}
