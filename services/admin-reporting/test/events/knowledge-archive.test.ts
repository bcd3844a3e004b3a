// The knowledge archive's entries due for review, on the admin stats: learnt from chat's
// KnowledgeArchiveImported (the latest import by its time holds) and counted by the India day the
// stats are asked on, on PostgreSQL and PGlite.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { topics } from '@betterplus/events';
import { indiaDate } from '@betterplus/kit';
import { eventually, type TestStack } from '@betterplus/kit/testing';
import type { AdminStats } from '../../src/db/admin-reports.ts';
import { recordKnowledgeArchive, type KnowledgeArchive } from '../../src/db/read-models.ts';
import { adminHeaders, publisher, startOnEachStack, type AdminReporting } from '../support/admin.ts';

let onEach: { database: string; stack: TestStack; service: AdminReporting }[] = [];
before(async () => {
  onEach = await startOnEachStack();
});
after(async () => {
  for (const { stack } of onEach) await stack.close();
});

const knowledgeStats = async (service: AdminReporting) => {
  const response = await service.app.inject({ method: 'GET', url: '/api/admin/stats', headers: adminHeaders });
  assert.equal(response.statusCode, 200);
  const { knowledgeEntries, knowledgeDueForReview } = response.json<AdminStats>();
  return { knowledgeEntries, knowledgeDueForReview };
};

const reviewDates = async (service: AdminReporting) =>
  (
    await service.deps.db.query<{ review_by: string; entries: number }>(
      "SELECT to_char(review_by, 'YYYY-MM-DD') AS review_by, entries FROM knowledge_review_dates ORDER BY review_by",
    )
  ).rows;

const deadLettered = async (service: AdminReporting) =>
  (await service.deps.metrics.deadLettered.get()).values
    .filter((value) => String(value.labels.topic).endsWith(topics.chatKnowledge))
    .reduce((sum, value) => sum + value.value, 0);

/** Waits until the consumer has applied the event. */
const processed = (service: AdminReporting, eventId: string) =>
  eventually(async () => ((await service.deps.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [eventId])).rowCount > 0 ? true : undefined));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('admin-reporting: the knowledge archive on the stats', () => {
  it('counts the entries due by today in India from the latest import, an older one arriving late changing nothing', async () => {
    for (const { database, service } of onEach) {
      assert.deepEqual(await knowledgeStats(service), { knowledgeEntries: null, knowledgeDueForReview: null }, `${database}: nothing told yet`);
      const publish = publisher(service);
      const today = indiaDate(new Date());
      await publish.archive(
        9,
        [
          { reviewBy: '2000-01-01', entries: 2 },
          { reviewBy: today, entries: 3 },
          { reviewBy: '2999-01-01', entries: 4 },
        ],
        minutesAgo(10),
      );
      assert.deepEqual(
        await eventually(async () => ((await knowledgeStats(service)).knowledgeEntries === 9 ? knowledgeStats(service) : undefined)),
        { knowledgeEntries: 9, knowledgeDueForReview: 5 },
        database,
      );
      await publish.archive(
        6,
        [
          { reviewBy: '2001-05-05', entries: 1 },
          { reviewBy: '2998-01-01', entries: 5 },
        ],
        minutesAgo(5),
      );
      assert.deepEqual(
        await eventually(async () => ((await knowledgeStats(service)).knowledgeEntries === 6 ? knowledgeStats(service) : undefined)),
        { knowledgeEntries: 6, knowledgeDueForReview: 1 },
        database,
      );
      assert.deepEqual(
        await reviewDates(service),
        [
          { review_by: '2001-05-05', entries: 1 },
          { review_by: '2998-01-01', entries: 5 },
        ],
        `${database}: the earlier import's dates are gone`,
      );
      // An import from before these, delivered late (a redelivery, a replica's slow outbox).
      await processed(service, await publish.archive(100, [{ reviewBy: '2000-01-01', entries: 100 }], minutesAgo(20)));
      assert.deepEqual(await knowledgeStats(service), { knowledgeEntries: 6, knowledgeDueForReview: 1 }, database);
      assert.equal((await reviewDates(service)).length, 2, database);
    }
  });

  it('dead-letters an import whose review date is not a day, keeping the archive it had', async () => {
    for (const { database, service } of onEach) {
      const before = await knowledgeStats(service);
      const dates = await reviewDates(service);
      await publisher(service).archive(3, [{ reviewBy: '2027-02-30', entries: 3 }]);
      await eventually(async () => ((await deadLettered(service)) >= 1 ? true : undefined));
      assert.deepEqual(await knowledgeStats(service), before, database);
      assert.deepEqual(await reviewDates(service), dates, database);
    }
  });

  it('keeps the latest of twenty imports recorded at once, and its review dates only', async () => {
    for (const { database, service } of onEach) {
      const base = Date.now() + 60_000;
      const imports: KnowledgeArchive[] = Array.from({ length: 20 }, (_, i) => ({
        entries: 1000 + i,
        reviewDates: [{ reviewBy: `2030-01-${String(i + 1).padStart(2, '0')}`, entries: 1000 + i }],
        importedAt: new Date(base + i * 1000),
      }));
      await Promise.all(imports.map((archive) => service.deps.db.transaction((tx) => recordKnowledgeArchive(tx, archive))));
      assert.equal((await knowledgeStats(service)).knowledgeEntries, 1019, database);
      assert.deepEqual(await reviewDates(service), [{ review_by: '2030-01-20', entries: 1019 }], database);
    }
  });
});
