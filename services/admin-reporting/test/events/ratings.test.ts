// Marks of answers, for the curators' not-helpful answers: learnt from chat's AnswerRated, each
// answer's latest mark kept, and gone with the asker's cleared history, even when an older mark
// arrives afterwards.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
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

interface Rating {
  query_id: string;
  question: string;
  helpful: boolean;
  reason: string | null;
  source_ids: string[];
  abstained: boolean;
}

const ratingsOf = async (service: AdminReporting, userId: string) =>
  (
    await service.deps.db.query<Rating>(
      'SELECT query_id, question, helpful, reason, source_ids, abstained FROM answer_ratings WHERE user_id = $1 ORDER BY question',
      [userId],
    )
  ).rows;

/** Every event the test published has been applied (the handlers record each once). */
const applied = (service: AdminReporting) =>
  eventually(async () => {
    const { rows } = await service.deps.db.query<{ pending: number }>(
      'SELECT (SELECT count(*) FROM outbox)::int - (SELECT count(*) FROM processed_events)::int AS pending',
    );
    return rows[0]?.pending === 0 ? true : undefined;
  });

describe('admin-reporting: marks of answers', () => {
  it("keeps each answer's latest mark, whatever order its marks arrive in", async () => {
    for (const { database, service } of onEach) {
      const publish = publisher(service);
      const [asha, ravi] = [randomUUID(), randomUUID()];
      const now = Date.now();
      const goonj = await publish.rated(asha, 'Who founded Goonj?', { reason: 'Says nothing of the founder', at: new Date(now - 3000) });
      await publish.rated(asha, 'Who founded Goonj?', { queryId: goonj, helpful: true, at: new Date(now - 2000) });
      // An older mark delivered late (a replay from before a redelivery) changes nothing.
      await publish.rated(asha, 'Who founded Goonj?', { queryId: goonj, reason: 'stale', at: new Date(now - 2500) });
      const pizza = await publish.rated(asha, 'best pizza in Delhi', { abstained: true, sourceIds: [], reason: 'Expected an answer' });
      await publish.rated(ravi, 'How do I register a Section 8 company?', { sourceIds: ['section-8-company', 'ngo-darpan'] });
      await applied(service);
      assert.deepEqual(
        await ratingsOf(service, asha),
        [
          { query_id: goonj, question: 'Who founded Goonj?', helpful: true, reason: null, source_ids: ['goonj'], abstained: false },
          { query_id: pizza, question: 'best pizza in Delhi', helpful: false, reason: 'Expected an answer', source_ids: [], abstained: true },
        ],
        database,
      );
      assert.deepEqual(
        (await ratingsOf(service, ravi)).map((r) => [r.helpful, r.reason, r.source_ids]),
        [[false, null, ['section-8-company', 'ngo-darpan']]],
        database,
      );
    }
  });

  it("drops a user's marks with their cleared history, and a mark from before the clearing that arrives after it", async () => {
    for (const { database, service } of onEach) {
      const publish = publisher(service);
      const [asha, ravi] = [randomUUID(), randomUUID()];
      const clearedAt = new Date();
      await publish.rated(asha, 'Marked before clearing', { at: new Date(clearedAt.getTime() - 60_000) });
      await publish.rated(ravi, 'Not hers', { at: new Date(clearedAt.getTime() - 60_000) });
      await applied(service);
      assert.equal((await ratingsOf(service, asha)).length, 1, database);
      await publish.cleared(asha, clearedAt);
      await publish.rated(asha, 'a mark from before the clearing, delivered late', { at: new Date(clearedAt.getTime() - 30_000) });
      await publish.rated(asha, 'Marked after clearing', { at: new Date(clearedAt.getTime() + 1000) });
      await applied(service);
      assert.deepEqual(
        (await ratingsOf(service, asha)).map((r) => r.question),
        ['Marked after clearing'],
        database,
      );
      assert.deepEqual(
        (await ratingsOf(service, ravi)).map((r) => r.question),
        ['Not hers'],
        `${database}: another user keeps theirs`,
      );
    }
  });
});
