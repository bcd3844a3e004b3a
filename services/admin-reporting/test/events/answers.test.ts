// Questions asked, for the curators' reports: learnt from chat's answer events, each once, and
// gone with the asker's cleared history, even when an older answer event arrives afterwards.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { eventually, type TestStack } from '@betterplus/kit/testing';
import { publisher, startOnEachStack, type AdminReporting } from '../support/admin.ts';

let onEach: { database: string; stack: TestStack; service: AdminReporting }[] = [];
before(async () => {
  onEach = await startOnEachStack();
});
after(async () => {
  for (const { stack } of onEach) await stack.close();
});

const questionsOf = async (service: AdminReporting, userId: string) =>
  (
    await service.deps.db.query<{ question: string; abstained: boolean }>(
      'SELECT question, abstained FROM answers_given WHERE user_id = $1 ORDER BY question',
      [userId],
    )
  ).rows;

describe('admin-reporting: questions asked', () => {
  it("keeps each answered or abstained question once, and drops a user's questions when their history is cleared", async () => {
    for (const { service } of onEach) {
      const publish = publisher(service);
      const [asha, ravi] = [randomUUID(), randomUUID()];
      const twice = randomUUID();
      await publish.answered(asha, 'Who founded Goonj?', { queryId: twice });
      await publish.answered(asha, 'Who founded Goonj?', { queryId: twice });
      await publish.answered(asha, 'best pizza in Delhi', { abstained: true });
      await publish.answered(ravi, 'How do I register a Section 8 company?');
      await eventually(async () => ((await questionsOf(service, ravi)).length === 1 && (await questionsOf(service, asha)).length === 2 ? true : undefined));
      assert.deepEqual(await questionsOf(service, asha), [
        { question: 'Who founded Goonj?', abstained: false },
        { question: 'best pizza in Delhi', abstained: true },
      ]);
      const clearedAt = new Date();
      await publish.cleared(asha, clearedAt);
      await publish.answered(asha, 'an answer from before the clearing, delivered late', { at: new Date(clearedAt.getTime() - 60_000) });
      await publish.answered(asha, 'Asked after clearing', { at: new Date(clearedAt.getTime() + 1000) });
      // The three events may be handled in any order (the late answer before the clearing holds one
      // row for a moment too): wait for the state they must end in, not for a count; on a timeout
      // the assertion shows what was left.
      const afterClearing = [{ question: 'Asked after clearing', abstained: false }];
      await eventually(async () => (isDeepStrictEqual(await questionsOf(service, asha), afterClearing) ? true : undefined)).catch(() => undefined);
      assert.deepEqual(await questionsOf(service, asha), afterClearing);
      assert.equal((await questionsOf(service, ravi)).length, 1, 'another user keeps theirs');
    }
  });
});
