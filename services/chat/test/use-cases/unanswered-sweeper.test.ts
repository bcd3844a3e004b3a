import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@betterplus/kit';
import { published, type TestStack } from '@betterplus/kit/testing';
import { QueryRefundedEvent } from '@betterplus/events';
import { allowanceOf, takeQuery } from '../../src/db/allowance.ts';
import { applyEntitlement } from '../../src/db/entitlements.ts';
import { addQuestion, recordAnswer } from '../../src/db/history.ts';
import { startUnansweredSweeper } from '../../src/use-cases/unanswered-sweeper.ts';
import { currentPeriod, startChat, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chat: Chat;
before(async () => {
  ({ stack, chat } = await startChat());
});
after(() => stack.close());

/** What POST /api/chat does before it answers: the query taken and the question recorded. */
async function askedThenCrashed(userId: string, minutesAgo: number): Promise<string> {
  const id = randomUUID();
  await chat.deps.db.transaction(async (tx) => {
    const taken = await takeQuery(tx, userId, new Date());
    assert.equal(typeof taken, 'object');
    if (typeof taken === 'object') await addQuestion(tx, { id, userId, message: 'Who founded Goonj?', periodStart: taken.periodStart });
  });
  await chat.deps.db.query('UPDATE chat_history SET created_at = now() - make_interval(mins => $2) WHERE id = $1', [id, minutesAgo]);
  return id;
}

const sweeper = () => startUnansweredSweeper({ uow: chat.deps.uow, logger: createLogger('chat-test', 'silent'), staleAfterMs: 5 * 60_000, everyMs: 3_600_000 });

describe('the unanswered sweeper', () => {
  it('refunds, once, each question left unanswered past its time, and leaves recent and answered ones alone', async () => {
    const userId = randomUUID();
    await applyEntitlement(chat.deps.db, { userId, plan: 'premium', status: 'active', queriesLimit: 10, ...currentPeriod(), changedAt: new Date() });
    const stale = [await askedThenCrashed(userId, 10), await askedThenCrashed(userId, 20), await askedThenCrashed(userId, 30)];
    const recent = await askedThenCrashed(userId, 1);
    const answered = await askedThenCrashed(userId, 30);
    await recordAnswer(chat.deps.db, answered, { response: 'An answer.', sources: [], followUps: [], abstained: false });
    assert.equal((await allowanceOf(chat.deps.db, userId, new Date()))?.queriesLeft, 5);

    const [first, second] = [sweeper(), sweeper()];
    try {
      const swept = await Promise.all([first.sweep(), second.sweep()]);
      assert.equal(swept[0] + swept[1], 3, 'two replicas sweeping at once refund each question once');
      assert.equal(await first.sweep(), 0);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    assert.equal((await allowanceOf(chat.deps.db, userId, new Date()))?.queriesLeft, 8);
    const { rows } = await chat.deps.db.query<{ id: string }>('SELECT id FROM chat_history WHERE user_id = $1 ORDER BY id', [userId]);
    assert.deepEqual(
      rows.map((r) => r.id),
      [recent, answered].sort(),
    );
    const refunded = (await published(chat, QueryRefundedEvent)).filter((e) => e.key === userId).map((e) => e.payload.queryId);
    assert.deepEqual(refunded.sort(), [...stale].sort());
  });
});
