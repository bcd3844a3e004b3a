import { dirname, join } from 'node:path';
import { KnowledgeArchiveImportedEvent } from '@betterplus/events';
import { createPgliteDatabase, migrate, type Database, type Logger, type Queryable, type UnitOfWork } from '@betterplus/kit';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createEmbedder } from '../adapters/embedder.ts';
import { englishWords } from '../adapters/english-words.ts';
import { EMBEDDING_MODEL, embeddingModelDir, embeddingModelsRoot, modelFolderName, type ModelsFolderSettings } from '../adapters/embedding-model.ts';
import { createPassageIndex, readPassageIndex, type PassageIndex } from '../adapters/passage-index.ts';
import { createFileVectorCache, passagesKey } from '../adapters/vector-cache.ts';
import { loadKnowledgeFiles, type LoadedEntry } from '../adapters/knowledge-files.ts';
import { archiveChanged, importKnowledge, importKnowledgeIn, type ImportReport } from '../db/knowledge.ts';
import { passageSetKey, storedVectors, vectorOf } from '../db/passages.ts';
import { reviewSchedule } from '../domain/knowledge-review.ts';
import { archiveSpellings, type Spellings } from '../domain/names.ts';
import type { Retrieve } from '../domain/retrieval.ts';
import { importPassages } from './import-passages.ts';
import { createRetriever } from './retrieve.ts';

export interface KnowledgeBase {
  retrieve: Retrieve;
  index: PassageIndex;
  close(): Promise<void>;
}

/**
 * The index of every passage vector of `model` in the database. With a `folder`, an index saved
 * there for the same passages is read instead of built (building is most of a start on a fresh
 * database: tests, new installs), and one built is saved there.
 */
export async function loadPassageIndex(db: Queryable, model: string, dimensions: number, folder?: string): Promise<PassageIndex> {
  const path = folder === undefined ? undefined : join(folder, `${await passageSetKey(db, model)}.usearch`);
  const saved = path === undefined ? undefined : await readPassageIndex(path, dimensions);
  if (saved) return saved;
  const index = createPassageIndex(dimensions);
  for await (const page of storedVectors(db, model)) {
    index.add(
      page.map((row) => ({ entryId: row.entry_id, n: row.n })),
      page.map((row) => vectorOf(row.vector)),
    );
  }
  // Best effort, as the vector cache: a read-only folder (an image) only means building at start.
  if (path !== undefined) await index.save(path).catch(() => undefined);
  return index;
}

/** The key of the archive's events: there is one archive, so they keep one order. */
export const ARCHIVE_KEY = 'archive';

/**
 * Imports the archive's files and, in the same transaction when that changed an entry, tells
 * admin-reporting how many entries the archive holds and how many fall due for review on each
 * date. An import that changed nothing tells nothing: the last event told still describes the
 * archive, and a second replica starting on the same files adds no event.
 */
export async function importArchive(uow: UnitOfWork, loaded: readonly LoadedEntry[], now = new Date()): Promise<ImportReport> {
  return uow.run(async (tx) => {
    const report = await importKnowledgeIn(tx, loaded);
    if (archiveChanged(report)) {
      await tx.publish(KnowledgeArchiveImportedEvent, ARCHIVE_KEY, {
        entries: loaded.length,
        reviewDates: reviewSchedule(loaded.map(({ entry }) => entry)),
        importedAt: timestampFromDate(now),
      });
    }
    return report;
  });
}

/** The archive's files as shipped, and the spellings of its names: read once per process, however often chat starts in it (tests start it often). */
let shipped: Promise<{ loaded: LoadedEntry[]; spellings: Spellings }> | undefined;
const shippedArchive = () =>
  (shipped ??= loadKnowledgeFiles().then((loaded) => ({
    loaded,
    spellings: archiveSpellings(loaded.map(({ entry }) => ({ title: entry.title, text: `${entry.summary} ${entry.body}` }))),
  })));

/**
 * The knowledge base as chat starts it: the files imported (entries, then their passages and
 * vectors, embedded only where the content or the model changed), the passage index built from
 * the database, and retrieval over both. With the service's `uow`, an import that changed the
 * archive is told (importArchive); a scratch database has no outbox and tells nobody.
 */
export async function openKnowledgeBase(db: Database, logger: Logger, settings: ModelsFolderSettings, uow?: UnitOfWork): Promise<KnowledgeBase> {
  const model = modelFolderName(EMBEDDING_MODEL);
  // The model loads while the entries are imported: neither needs the other.
  const [embedder, { loaded, spellings }, english] = await Promise.all([
    createEmbedder({ modelDir: embeddingModelDir(EMBEDDING_MODEL, settings) }),
    shippedArchive().then(async (archive) => {
      logger.info(await (uow ? importArchive(uow, archive.loaded) : importKnowledge(db, archive.loaded)), 'knowledge base imported');
      return archive;
    }),
    englishWords(),
  ]);
  const folder = join(dirname(embeddingModelsRoot(settings)), 'embeddings', model);
  const cache = createFileVectorCache(folder, embedder.dimensions, logger);
  logger.info(await importPassages(db, { ...embedder, model }, loaded, cache, passagesKey(model)), 'knowledge passages embedded');
  const index = await loadPassageIndex(db, model, embedder.dimensions, join(folder, 'index'));
  logger.info({ passages: index.size, model }, 'passage index built');
  return { retrieve: createRetriever({ db, embedder, index, spellings, englishWords: english }), index, close: () => embedder.close() };
}

/** The knowledge base in a database of its own in memory, closed with it: for scripts that only read the archive (embedding it ahead, calibrating). */
export async function openScratchKnowledgeBase(logger: Logger, settings: ModelsFolderSettings): Promise<KnowledgeBase> {
  const db = await createPgliteDatabase();
  try {
    await migrate(db, [{ scope: 'chat', dir: new URL('../db/migrations/', import.meta.url) }]);
    const knowledge = await openKnowledgeBase(db, logger, settings);
    return {
      ...knowledge,
      async close() {
        await knowledge.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
