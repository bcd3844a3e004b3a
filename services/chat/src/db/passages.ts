import { createHash } from 'node:crypto';
import type { Database, Queryable } from '@betterplus/kit';
import type { LoadedEntry } from '../domain/knowledge-files.ts';
import { passagesOf, type Passage } from '../domain/passages.ts';

/** What makes vectors: the embedding model (adapters/embedder.ts), named so vectors of another model are never compared. */
export interface PassageEmbedder {
  readonly model: string;
  readonly dimensions: number;
  embedPassages(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Vectors kept between imports outside the database: a fresh database (a test, a new install) does not embed the archive again. */
export interface VectorCache {
  get(key: string, count: number): Promise<Float32Array[] | undefined>;
  put(key: string, vectors: readonly Float32Array[]): Promise<void>;
}

export interface PassageImportReport {
  /** Entries whose passages were embedded now, taken from the cache, or kept as stored. */
  embedded: number;
  cached: number;
  kept: number;
}

export const vectorBytes = (vector: Float32Array): Buffer => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
export const vectorOf = (bytes: Uint8Array): Float32Array => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

/** Passages embedded at once: the model's batches are faster per passage, and a batch holds little memory. */
const BATCH = 32;

/**
 * Brings knowledge_passages up to the imported entries: an entry whose content and model are those
 * stored keeps its vectors; any other is split into passages again and embedded (or read from the
 * cache). Run after importKnowledge, which removes the passages of removed entries with them.
 */
export async function importPassages(db: Database, embedder: PassageEmbedder, loaded: readonly LoadedEntry[], cache: VectorCache, cacheKey: (passages: readonly Passage[]) => string): Promise<PassageImportReport> {
  const { rows } = await db.query<{ entry_id: string; content_hash: string; model: string }>('SELECT entry_id, content_hash, model FROM knowledge_passages WHERE n = 0');
  const stored = new Map(rows.map((row) => [row.entry_id, row]));
  const report: PassageImportReport = { embedded: 0, cached: 0, kept: 0 };
  const ready: Embedded[] = [];
  const pending: (Omit<Embedded, 'vectors'> & { key: string })[] = [];
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

interface Embedded {
  passages: Passage[];
  contentHash: string;
  vectors: Float32Array[];
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

/** Passages written per statement: few round trips, and no statement too large. */
const WRITE_ROWS = 2000;

/**
 * The entries' passages replace those stored, in one transaction: upserts, then the passages past
 * each entry's new count removed, so two replicas importing at once both succeed.
 */
async function writePassages(db: Database, entries: readonly Embedded[], model: string): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.flatMap(({ passages, contentHash, vectors }) => passages.map((passage, i) => ({ passage, contentHash, vector: vectors[i] ?? new Float32Array() })));
  const width = rows[0]?.vector.byteLength ?? 0;
  if (rows.some((r) => r.vector.byteLength !== width)) throw new Error('passage vectors of different lengths');
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += WRITE_ROWS) {
      const chunk = rows.slice(start, start + WRITE_ROWS);
      // The chunk's vectors travel as one bytea, each row's cut from it by its place: an array of
      // thousands of small bytea values costs more to send than the rows themselves.
      await tx.query(
        `INSERT INTO knowledge_passages (entry_id, n, part, text, vector, model, content_hash)
         SELECT p.entry_id, p.n, p.part, p.text, substring($5::bytea FROM (p.i::int - 1) * $8::int + 1 FOR $8::int), $6, p.content_hash
         FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $7::text[]) WITH ORDINALITY AS p(entry_id, n, part, text, content_hash, i)
         ON CONFLICT (entry_id, n) DO UPDATE SET part = excluded.part, text = excluded.text, vector = excluded.vector, model = excluded.model, content_hash = excluded.content_hash`,
        [chunk.map((r) => r.passage.entryId), chunk.map((r) => r.passage.n), chunk.map((r) => r.passage.part), chunk.map((r) => r.passage.text), Buffer.concat(chunk.map((r) => vectorBytes(r.vector))), model, chunk.map((r) => r.contentHash), width],
      );
    }
    await tx.query('DELETE FROM knowledge_passages p USING unnest($1::text[], $2::int[]) AS e(entry_id, count) WHERE p.entry_id = e.entry_id AND p.n >= e.count', [
      entries.map((e) => e.passages[0]?.entryId ?? ''),
      entries.map((e) => e.passages.length),
    ]);
  });
}

export interface StoredVector {
  entry_id: string;
  n: number;
  vector: Uint8Array;
}

/**
 * What names the set of passages of `model` and so their vectors: each passage's entry, place,
 * text and entry content. Equal keys, equal indexes.
 */
export async function passageSetKey(db: Queryable, model: string): Promise<string> {
  const { rows } = await db.query<{ key: string | null }>(
    "SELECT md5(string_agg(entry_id || ' ' || n || ' ' || content_hash || ' ' || md5(text), ',' ORDER BY entry_id, n)) AS key FROM knowledge_passages WHERE model = $1",
    [model],
  );
  return createHash('sha256').update(model).update('\0').update(rows[0]?.key ?? '').digest('hex');
}

/** Every passage vector of `model`, a page at a time (the index is built from them at start). */
export async function* storedVectors(db: Queryable, model: string, pageSize = 5000): AsyncGenerator<StoredVector[]> {
  let after = { entry: '', n: -1 };
  for (;;) {
    const { rows } = await db.query<StoredVector>('SELECT entry_id, n, vector FROM knowledge_passages WHERE model = $1 AND (entry_id, n) > ($2, $3) ORDER BY entry_id, n LIMIT $4', [
      model,
      after.entry,
      after.n,
      pageSize,
    ]);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) return;
    after = { entry: last.entry_id, n: last.n };
  }
}

export interface PassageText {
  entry_id: string;
  n: number;
  part: Passage['part'];
  text: string;
}

/** The texts of the passages named, by entry and place. */
export async function passageTexts(db: Queryable, refs: readonly { entryId: string; n: number }[]): Promise<PassageText[]> {
  if (refs.length === 0) return [];
  const { rows } = await db.query<PassageText>(
    'SELECT p.entry_id, p.n, p.part, p.text FROM knowledge_passages p JOIN unnest($1::text[], $2::int[]) AS r(entry_id, n) ON r.entry_id = p.entry_id AND r.n = p.n',
    [refs.map((ref) => ref.entryId), refs.map((ref) => ref.n)],
  );
  return rows;
}
