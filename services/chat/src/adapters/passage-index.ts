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
}

/**
 * An approximate nearest-neighbour index of the passages' vectors in memory (USearch's HNSW
 * graph, vectors kept as int8): a search reads a few hundred vectors whatever the archive's size,
 * where an exact scan reads them all. Keys are positions in `refs`.
 */
export function createPassageIndex(dimensions: number): PassageIndex {
  const index = new usearch.Index({ dimensions, metric: usearch.MetricKind.Cos, quantization: usearch.ScalarKind.I8, connectivity: 16, expansion_add: 128, expansion_search: 96, multi: false });
  const entryIds: string[] = [];
  const entryOf = new Map<string, number>();
  // Parallel arrays, not objects: a million passages stay a few megabytes.
  let entries = new Uint32Array(1024);
  let places = new Uint16Array(1024);
  let size = 0;
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
  };
}

function copy<T extends Uint32Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
