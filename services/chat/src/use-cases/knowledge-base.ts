import { dirname, join } from 'node:path';
import type { Database, Logger } from '@betterplus/kit';
import { createEmbedder } from '../adapters/embedder.ts';
import { EMBEDDING_MODEL, embeddingModelDir, embeddingModelsRoot, modelFolderName, type ModelsFolderSettings } from '../adapters/embedding-model.ts';
import { createPassageIndex, type PassageIndex } from '../adapters/passage-index.ts';
import { createFileVectorCache, passagesKey } from '../adapters/vector-cache.ts';
import { importKnowledge } from '../db/knowledge.ts';
import { importPassages, storedVectors, vectorOf } from '../db/passages.ts';
import { loadKnowledgeFiles } from '../domain/knowledge-files.ts';
import { archiveSpellings } from '../domain/names.ts';
import type { Retrieve } from '../domain/retrieval.ts';
import { createRetriever } from './retrieve.ts';

export interface KnowledgeBase {
  retrieve: Retrieve;
  index: PassageIndex;
  close(): Promise<void>;
}

/** The index of the passage vectors given and of every other of `model` in the database. */
export async function loadPassageIndex(db: Database, model: string, dimensions: number, given: readonly { entryId: string; n: number; vector: Float32Array }[] = []): Promise<PassageIndex> {
  const index = createPassageIndex(dimensions);
  index.add(given, given.map((passage) => passage.vector));
  for await (const page of storedVectors(db, model, [...new Set(given.map((passage) => passage.entryId))])) {
    index.add(
      page.map((row) => ({ entryId: row.entry_id, n: row.n })),
      page.map((row) => vectorOf(row.vector)),
    );
  }
  return index;
}

/**
 * The knowledge base as chat starts it: the files imported (entries, then their passages and
 * vectors, embedded only where the content or the model changed), the passage index built from
 * the database, and retrieval over both.
 */
export async function openKnowledgeBase(db: Database, logger: Logger, settings: ModelsFolderSettings): Promise<KnowledgeBase> {
  const model = modelFolderName(EMBEDDING_MODEL);
  // The model loads while the entries are imported: neither needs the other.
  const [embedder, loaded] = await Promise.all([
    createEmbedder({ modelDir: embeddingModelDir(EMBEDDING_MODEL, settings) }),
    loadKnowledgeFiles().then(async (files) => {
      logger.info(await importKnowledge(db, files), 'knowledge base imported');
      return files;
    }),
  ]);
  const cache = createFileVectorCache(join(dirname(embeddingModelsRoot(settings)), 'embeddings', model), embedder.dimensions, logger);
  const { written, ...report } = await importPassages(db, { ...embedder, model }, loaded, cache, passagesKey(model));
  logger.info(report, 'knowledge passages embedded');
  const index = await loadPassageIndex(db, model, embedder.dimensions, written);
  const spellings = archiveSpellings(loaded.map(({ entry }) => ({ title: entry.title, text: `${entry.summary} ${entry.body}` })));
  logger.info({ passages: index.size, model }, 'passage index built');
  return { retrieve: createRetriever({ db, embedder, index, spellings }), index, close: () => embedder.close() };
}
