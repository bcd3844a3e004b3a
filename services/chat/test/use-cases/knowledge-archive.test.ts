// chat tells admin-reporting what its knowledge archive holds (KnowledgeArchiveImported) in the
// transaction of an import that changed it, and tells nothing when an import changed nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { KnowledgeArchiveImportedEvent, topics } from '@betterplus/events';
import { published, type TestStack } from '@betterplus/kit/testing';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { loadKnowledgeFiles, type LoadedEntry } from '../../src/adapters/knowledge-files.ts';
import { ARCHIVE_KEY, importArchive } from '../../src/use-cases/knowledge-base.ts';
import { startChat, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chat: Chat;
let loaded: LoadedEntry[];
before(async () => {
  ({ stack, chat } = await startChat());
  loaded = await loadKnowledgeFiles();
});
after(() => stack.close());

const told = () => published(chat, KnowledgeArchiveImportedEvent);
const schedule = (event: { payload: { reviewDates: { reviewBy: string; entries: number }[] } }) =>
  event.payload.reviewDates.map(({ reviewBy, entries }): [string, number] => [reviewBy, entries]);

describe('the knowledge archive, as chat imports it', () => {
  it('is told once on a fresh database at start: its entries and how many fall due for review on each date', async () => {
    const events = await told();
    assert.equal(events.length, 1);
    const [event] = events;
    assert.ok(event);
    assert.equal(event.topic, topics.chatKnowledge);
    assert.equal(event.key, ARCHIVE_KEY);
    assert.equal(event.payload.entries, loaded.length);
    const byDate = new Map<string, number>();
    for (const { entry } of loaded) byDate.set(entry.review_by, (byDate.get(entry.review_by) ?? 0) + 1);
    assert.deepEqual(
      schedule(event),
      [...byDate].sort(([a], [b]) => a.localeCompare(b)),
    );
  });

  it('is not told again by an import that changed nothing (a restart, a second replica)', async () => {
    const report = await importArchive(chat.deps.uow, loaded);
    assert.deepEqual(report, { added: 0, updated: 0, removed: 0, unchanged: loaded.length });
    assert.equal((await told()).length, 1);
  });

  it('is told again, as it now is, when an import changed it', async () => {
    const [first, second] = loaded;
    assert.ok(first && second);
    const later = { ...second, entry: { ...second.entry, review_by: '2027-01-31', as_of: '2026-12-01' }, contentHash: `${second.contentHash}-reviewed` };
    const at = new Date('2026-12-01T10:00:00Z');
    const report = await importArchive(chat.deps.uow, [first, later], at);
    assert.deepEqual(report, { added: 0, updated: 1, removed: loaded.length - 2, unchanged: 1 });
    const events = await told();
    assert.equal(events.length, 2);
    const latest = events[1];
    assert.ok(latest?.payload.importedAt);
    assert.equal(latest.payload.entries, 2);
    assert.equal(timestampDate(latest.payload.importedAt).toISOString(), at.toISOString());
    // The first file's review date, a year or three after its as_of in November 2026, comes after 2027-01-31.
    assert.deepEqual(schedule(latest), [
      ['2027-01-31', 1],
      [first.entry.review_by, 1],
    ]);
  });

  it('tells nothing when the import fails: the event and the entries are one transaction', async () => {
    const [first] = loaded;
    assert.ok(first);
    const broken = { ...first, entry: { ...first.entry, as_of: 'not a date' }, contentHash: 'broken' };
    await assert.rejects(importArchive(chat.deps.uow, [broken]));
    assert.equal((await told()).length, 2);
    const { rows } = await chat.deps.db.query<{ entries: number }>('SELECT count(*)::int AS entries FROM knowledge_entries');
    assert.deepEqual(rows, [{ entries: 2 }]);
  });
});
