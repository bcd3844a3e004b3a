// The ports passages are embedded through; use-cases/import-passages.ts uses them.

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
