import type { Database } from '@betterplus/kit';
import type { LoadedEntry } from '../adapters/knowledge-files.ts';
import { storedPassageVersions, writePassages, type EmbeddedEntry } from '../db/passages.ts';
import type { PassageEmbedder, VectorCache } from '../domain/passage-vectors.ts';
import { passagesOf, type Passage } from '../domain/passages.ts';

export interface PassageImportReport {
  /** Entries whose passages were embedded now, taken from the cache, or kept as stored. */
  embedded: number;
  cached: number;
  kept: number;
}

/** Passages embedded at once: the model's batches are faster per passage, and a batch holds little memory. */
const BATCH = 32;

/**
 * Brings knowledge_passages up to the imported entries: an entry whose content and model are those
 * stored keeps its vectors; any other is split into passages again and embedded (or read from the
 * cache). Run after importKnowledge, which removes the passages of removed entries with them.
 */
export async function importPassages(
  db: Database,
  embedder: PassageEmbedder,
  loaded: readonly LoadedEntry[],
  cache: VectorCache,
  cacheKey: (passages: readonly Passage[]) => string,
): Promise<PassageImportReport> {
  const stored = await storedPassageVersions(db);
  const report: PassageImportReport = { embedded: 0, cached: 0, kept: 0 };
  const ready: EmbeddedEntry[] = [];
  const pending: (Omit<EmbeddedEntry, 'vectors'> & { key: string })[] = [];
  for (const { entry, contentHash } of loaded) {
    const known = stored.get(entry.id);
    if (known?.content_hash === contentHash && known.model === embedder.model) {
      report.kept += 1;
      continue;
    }
    const passages = passagesOf(entry);
    const key = cacheKey(passages);
    const vectors = await cache.get(key, passages.length);
    if (vectors) {
      ready.push({ passages, contentHash, vectors });
      report.cached += 1;
    } else pending.push({ passages, contentHash, key });
  }
  // Embedded a batch of entries at a time: the model is fastest on full batches.
  while (pending.length > 0) {
    const entries = takeBatch(pending);
    const vectors = await embedder.embedPassages(entries.flatMap(({ passages }) => passages.map((passage) => passage.text)));
    let offset = 0;
    for (const { passages, contentHash, key } of entries) {
      const own = vectors.slice(offset, offset + passages.length);
      offset += passages.length;
      await cache.put(key, own);
      ready.push({ passages, contentHash, vectors: own });
      report.embedded += 1;
    }
  }
  await writePassages(db, ready, embedder.model);
  return report;
}

/** Entries from the front of `pending` holding about BATCH passages (at least one entry). */
function takeBatch<T extends { passages: readonly Passage[] }>(pending: T[]): T[] {
  let count = 0;
  let n = 0;
  while (n < pending.length && (n === 0 || count + (pending[n]?.passages.length ?? 0) <= BATCH)) {
    count += pending[n]?.passages.length ?? 0;
    n += 1;
  }
  return pending.splice(0, n);
}
