import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import usearch from 'usearch';

export interface PassageHit {
  entryId: string;
  n: number;
  /** Cosine similarity with the question, -1 to 1. */
  similarity: number;
}

export interface PassageIndex {
  add(refs: readonly { entryId: string; n: number }[], vectors: readonly Float32Array[]): void;
  /** The `k` passages nearest the vector in meaning, nearest first. */
  search(vector: Float32Array, k: number): PassageHit[];
  readonly size: number;
  /** Writes the index to `path` (and its passages beside it), whole or not at all, for readPassageIndex. */
  save(path: string): Promise<void>;
}

/** Which passage each key of the graph is: parallel arrays, not objects, so a million passages stay a few megabytes. */
interface Refs {
  entryIds: string[];
  entries: Uint32Array;
  places: Uint16Array;
  size: number;
}

const usearchIndex = (dimensions: number) =>
  new usearch.Index({
    dimensions,
    metric: usearch.MetricKind.Cos,
    quantization: usearch.ScalarKind.I8,
    connectivity: 16,
    expansion_add: 128,
    expansion_search: 96,
    multi: false,
  });

/**
 * An approximate nearest-neighbour index of the passages' vectors in memory (USearch's HNSW
 * graph, vectors kept as int8): a search reads a few hundred vectors whatever the archive's size,
 * where an exact scan reads them all. Keys are positions in `refs`.
 */
export function createPassageIndex(dimensions: number): PassageIndex {
  return passageIndex(usearchIndex(dimensions), dimensions, { entryIds: [], entries: new Uint32Array(1024), places: new Uint16Array(1024), size: 0 });
}

/** The index saved at `path`, or undefined when there is none or it cannot be read (it is then built again). */
export async function readPassageIndex(path: string, dimensions: number): Promise<PassageIndex | undefined> {
  try {
    const saved = JSON.parse(await readFile(`${path}.refs.json`, 'utf8')) as { entryIds: string[]; entries: string; places: string; size: number };
    const index = usearchIndex(dimensions);
    index.load(path);
    const entries = new Uint32Array(bufferOf(saved.entries));
    const places = new Uint16Array(bufferOf(saved.places));
    if (index.size() !== saved.size || entries.length < saved.size || places.length < saved.size) return undefined;
    return passageIndex(index, dimensions, { entryIds: saved.entryIds, entries, places, size: saved.size });
  } catch {
    return undefined;
  }
}

function passageIndex(index: InstanceType<typeof usearch.Index>, dimensions: number, refs: Refs): PassageIndex {
  const { entryIds } = refs;
  const entryOf = new Map(entryIds.map((id, i) => [id, i]));
  let { entries, places, size } = refs;
  const grow = (needed: number) => {
    if (needed <= entries.length) return;
    const capacity = Math.max(needed, entries.length * 2);
    entries = copy(entries, new Uint32Array(capacity));
    places = copy(places, new Uint16Array(capacity));
  };
  return {
    add(refs, vectors) {
      grow(size + refs.length);
      const keys = new BigUint64Array(refs.length);
      const matrix = new Float32Array(refs.length * dimensions);
      refs.forEach((ref, i) => {
        let entry = entryOf.get(ref.entryId);
        if (entry === undefined) {
          entry = entryIds.push(ref.entryId) - 1;
          entryOf.set(ref.entryId, entry);
        }
        entries[size + i] = entry;
        places[size + i] = ref.n;
        keys[i] = BigInt(size + i);
        matrix.set(vectors[i] ?? new Float32Array(dimensions), i * dimensions);
      });
      // One thread: the graph, and so every answer, is the same on every run.
      if (refs.length > 0) index.add(keys, matrix, 1);
      size += refs.length;
    },
    search(vector, k) {
      if (size === 0) return [];
      const { keys, distances } = index.search(vector, Math.min(k, size), 1);
      return Array.from(keys, (key, i) => {
        const at = Number(key);
        return { entryId: entryIds[entries[at] ?? 0] ?? '', n: places[at] ?? 0, similarity: 1 - (distances[i] ?? 1) };
      });
    },
    get size() {
      return size;
    },
    async save(path) {
      await mkdir(dirname(path), { recursive: true });
      // Written aside, then renamed, the passages last: a reader finds both whole or no passages.
      const aside = `${path}.${randomUUID()}.tmp`;
      try {
        index.save(aside);
        await rename(aside, path);
        const saved = { entryIds, entries: bytesOf(entries, size), places: bytesOf(places, size), size };
        await writeFile(aside, JSON.stringify(saved));
        await rename(aside, `${path}.refs.json`);
      } finally {
        await rm(aside, { force: true });
      }
    },
  };
}

const bytesOf = (array: Uint32Array | Uint16Array, size: number): string =>
  Buffer.from(array.buffer, array.byteOffset, size * array.BYTES_PER_ELEMENT).toString('base64');

function bufferOf(base64: string): ArrayBuffer {
  const bytes = Buffer.from(base64, 'base64');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

function copy<T extends Uint32Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
