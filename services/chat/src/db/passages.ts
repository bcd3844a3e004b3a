import { createHash } from 'node:crypto';
import type { Database, Queryable } from '@betterplus/kit';

/** A passage as knowledge_passages stores it (domain/passages.ts cuts entries into them). */
export interface PassageToStore {
  entryId: string;
  n: number;
  part: 'head' | 'question' | 'body';
  text: string;
}

/** An entry's passages with their vectors, one for each, and the hash of the entry's content. */
export interface EmbeddedEntry {
  passages: PassageToStore[];
  contentHash: string;
  vectors: Float32Array[];
}

export const vectorBytes = (vector: Float32Array): Buffer => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
export const vectorOf = (bytes: Uint8Array): Float32Array => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

/** The content hash and model of each entry's stored passages, by entry id. */
export async function storedPassageVersions(db: Queryable): Promise<Map<string, { content_hash: string; model: string }>> {
  const { rows } = await db.query<{ entry_id: string; content_hash: string; model: string }>(
    'SELECT entry_id, content_hash, model FROM knowledge_passages WHERE n = 0',
  );
  return new Map(rows.map((row) => [row.entry_id, row]));
}

/** Passages written per statement: few round trips, and no statement too large. */
const WRITE_ROWS = 2000;

/**
 * The entries' passages replace those stored, in one transaction: upserts, then the passages past
 * each entry's new count removed, so two replicas importing at once both succeed.
 */
export async function writePassages(db: Database, entries: readonly EmbeddedEntry[], model: string): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.flatMap(({ passages, contentHash, vectors }) =>
    passages.map((passage, i) => ({ passage, contentHash, vector: vectors[i] ?? new Float32Array() })),
  );
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
        [
          chunk.map((r) => r.passage.entryId),
          chunk.map((r) => r.passage.n),
          chunk.map((r) => r.passage.part),
          chunk.map((r) => r.passage.text),
          Buffer.concat(chunk.map((r) => vectorBytes(r.vector))),
          model,
          chunk.map((r) => r.contentHash),
          width,
        ],
      );
    }
    await tx.query(
      'DELETE FROM knowledge_passages p USING unnest($1::text[], $2::int[]) AS e(entry_id, count) WHERE p.entry_id = e.entry_id AND p.n >= e.count',
      [entries.map((e) => e.passages[0]?.entryId ?? ''), entries.map((e) => e.passages.length)],
    );
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
  return createHash('sha256')
    .update(model)
    .update('\0')
    .update(rows[0]?.key ?? '')
    .digest('hex');
}

/** Every passage vector of `model`, a page at a time (the index is built from them at start). */
export async function* storedVectors(db: Queryable, model: string, pageSize = 5000): AsyncGenerator<StoredVector[]> {
  let after = { entry: '', n: -1 };
  for (;;) {
    const { rows } = await db.query<StoredVector>(
      'SELECT entry_id, n, vector FROM knowledge_passages WHERE model = $1 AND (entry_id, n) > ($2, $3) ORDER BY entry_id, n LIMIT $4',
      [model, after.entry, after.n, pageSize],
    );
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
  part: PassageToStore['part'];
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
