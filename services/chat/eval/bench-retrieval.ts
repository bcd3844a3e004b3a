// `npm run bench:chat`: the extractive answer's time, quality and memory with 10k and 100k entries
// in the knowledge base, retrieval by meaning and by words as chat runs it (knowledge-base.ts).
//
// The knowledge base holds the repository's entries plus synthetic ones of made-up words, each with
// sentences of the real entries mixed in, under a made-up name and with a question of its own (a
// real entry's questions copied into thousands of fillers would make each real question's words
// frequent, as no real archive is). Real entries keep their real vectors (the model's, read from
// the vector cache). Embedding 100k fillers with the model would take hours, so each filler
// passage gets a real passage's vector plus noise, normalised, both drawn from a hash of the
// passage's text (the same knowledge base every run): fillers crowd the neighbourhoods that real
// questions land in, as a large real archive would. The noise puts a filler about as near its real
// passage (cosine 0.8) as real passages are to their nearest passage of another entry (median
// 0.75, 90th percentile 0.86 for bge-small over this archive).
//
// Each size runs in a child process of its own, on a fresh database, so that its resident memory
// holds nothing of another size. Per size: entries and passages, the import time, the index's build
// time, the resident memory (at the start, with the model loaded, after the import, with the index),
// and the answer time p50/p95 and the share answered right over the older set's covered questions
// (evaluate.ts); then p95 of the largest size over the smallest. PGlite on disk in a temporary
// folder, as the embedded stack keeps it (in memory, the database itself would count as chat's
// memory), up to 10k entries (pgliteMax); PostgreSQL too (first) when DATABASE_URL is set.
// BENCH_SIZES=1000,10000 for a quick run.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, createPgliteDatabase, createPostgresDatabase, migrate, type Database } from '@betterplus/kit';
import { createTestStack } from '@betterplus/kit/testing';
import { createEmbedder } from '../src/adapters/embedder.ts';
import { englishWords } from '../src/adapters/english-words.ts';
import { EMBEDDING_MODEL, embeddingModelDir, embeddingModelsRoot, modelFolderName } from '../src/adapters/embedding-model.ts';
import { createFileVectorCache, passagesKey } from '../src/adapters/vector-cache.ts';
import { importKnowledge } from '../src/db/knowledge.ts';
import { storedVectors, vectorOf } from '../src/db/passages.ts';
import type { PassageEmbedder, VectorCache } from '../src/domain/passage-vectors.ts';
import { createExtractiveAnswerer } from '../src/domain/extractive-answerer.ts';
import { loadKnowledgeFiles, type LoadedEntry } from '../src/adapters/knowledge-files.ts';
import { archiveSpellings } from '../src/domain/names.ts';
import { loadPassageIndex } from '../src/use-cases/knowledge-base.ts';
import { importPassages } from '../src/use-cases/import-passages.ts';
import { createRetriever } from '../src/use-cases/retrieve.ts';
import { evaluate, figures, rate, type Tally } from './evaluate.ts';
import { loadOlderQuestions } from './question-set.ts';

/** Entries in the knowledge base per round, real ones and synthetic fillers. */
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
/** How far a filler's vector is pushed from its real passage's: cosine 1/√(1 + NOISE²) = 0.8. */
const NOISE = 0.75;
const syllables = ['ka', 'ri', 'mo', 'sa', 'ven', 'dra', 'lu', 'pa', 'thi', 'ne', 'go', 'ra', 'shi', 'ta', 'vi'];

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32), so every run measures the same knowledge base. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function synthetic(real: readonly LoadedEntry[], count: number): LoadedEntry[] {
  const sentences = real.flatMap(({ entry }) => entry.body.split(/(?<=[.!?])\s+/));
  const random = generator(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const word = () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(syllables)).join('');
  const prose = (words: number) => `${Array.from({ length: words }, word).join(' ')}.`;
  return Array.from({ length: count }, (_, i) => {
    const name = `${word()} ${word()} ${pick(['Trust', 'Foundation', 'Collective', 'Sangh', 'Initiative'])}`;
    const body = [prose(60), pick(sentences), prose(60), pick(sentences), prose(40)].join(' ');
    const template = pick(real).entry;
    const entry = {
      ...template,
      id: `synthetic-${String(i)}`,
      title: name,
      summary: `${name} is a synthetic entry for the retrieval benchmark. ${pick(sentences)}`,
      body,
      questions: [`What does ${name} do?`],
    };
    return { entry, contentHash: `synthetic-${String(i)}` };
  });
}

/** Stands in for the model on the fillers' passages: a real passage's vector, pushed by noise (see the header). */
function nearRealVectors(model: string, real: readonly Float32Array[]): PassageEmbedder {
  const dimensions = EMBEDDING_MODEL.dimensions;
  const near = (text: string) => {
    const random = generator(createHash('sha256').update(text).digest().readUInt32LE(0));
    const base = real[Math.floor(random() * real.length)] ?? new Float32Array(dimensions);
    // Gaussian noise of length about NOISE (Box-Muller), nearly orthogonal to the base in 384 dimensions.
    const vector = base.map((value) => value + (NOISE * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())) / Math.sqrt(dimensions));
    const norm = Math.hypot(...vector);
    return vector.map((value) => value / norm);
  };
  return { model, dimensions, embedPassages: (texts) => Promise.resolve(texts.map(near)) };
}

const noCache: VectorCache = { get: () => Promise.resolve(undefined), put: () => Promise.resolve() };

interface Measured {
  entries: number;
  passages: number;
  importMs: { entries: number; passages: number };
  indexMs: number;
  /** Resident memory in bytes: at the start (database open), with the model loaded, after the import, with the index built. */
  rss: { start: number; model: number; imported: number; index: number };
  p50: number;
  p95: number;
  covered: Tally;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/**
 * Resident memory once garbage is collected (the child runs with --expose-gc): collected until it
 * stops falling, as freed memory goes back to the system a little after a collection.
 */
async function rss(): Promise<number> {
  let last = Infinity;
  for (let round = 0; round < 10; round += 1) {
    globalThis.gc?.();
    await setTimeout(250);
    const now = process.memoryUsage.rss();
    if (last - now < 2 ** 21) return now;
    last = now;
  }
  return last;
}

/** Imports the real entries and `size` minus them of fillers; returns the import's times and the archive's name spellings. */
async function importArchive(db: Database, size: number, embedder: PassageEmbedder) {
  const real = await loadKnowledgeFiles();
  const fillers = synthetic(real, Math.max(0, size - real.length));
  let started = performance.now();
  await importKnowledge(db, [...real, ...fillers]);
  const entries = performance.now() - started;
  started = performance.now();
  const cache = createFileVectorCache(
    join(dirname(embeddingModelsRoot(process.env)), 'embeddings', embedder.model),
    embedder.dimensions,
    createLogger('chat-bench', 'silent'),
  );
  await importPassages(db, embedder, real, cache, passagesKey(embedder.model));
  const realVectors: Float32Array[] = [];
  for await (const page of storedVectors(db, embedder.model)) realVectors.push(...page.map((row) => vectorOf(row.vector)));
  await importPassages(db, nearRealVectors(embedder.model, realVectors), fillers, noCache, passagesKey(embedder.model));
  const passages = performance.now() - started;
  // As a server's autovacuum would after such an import (PGlite runs none).
  await db.query('ANALYZE');
  return {
    importMs: { entries, passages },
    spellings: archiveSpellings([...real, ...fillers].map(({ entry }) => ({ title: entry.title, text: `${entry.summary} ${entry.body}` }))),
  };
}

/** One size on one database, in this (child) process. */
async function measure(db: Database, size: number): Promise<Measured> {
  await migrate(db, [{ scope: 'chat', dir: new URL('../src/db/migrations/', import.meta.url) }]);
  const start = await rss();
  const embedder = await createEmbedder({ modelDir: embeddingModelDir(EMBEDDING_MODEL, process.env) });
  const model = modelFolderName(EMBEDDING_MODEL);
  await embedder.embedQuery('warm up');
  const withModel = await rss();
  const { importMs, spellings } = await importArchive(db, size, { ...embedder, model });
  const imported = await rss();
  const started = performance.now();
  const index = await loadPassageIndex(db, model, embedder.dimensions);
  const indexMs = performance.now() - started;
  const withIndex = await rss();

  const answerer = createExtractiveAnswerer(createRetriever({ db, embedder, index, spellings, englishWords: await englishWords() }));
  const ask = async (question: string) => {
    const asked = performance.now();
    const { response, sources } = await answerer.answer(question, { signal: AbortSignal.timeout(30_000) });
    return { response, sources, ms: performance.now() - asked };
  };
  const covered = (await loadOlderQuestions()).filter((question) => question.kind === 'covered');
  for (const { question } of covered.slice(0, 5)) await ask(question);
  const scored = await evaluate(covered, ask);
  const times = scored.map((s) => s.ms).sort((a, b) => a - b);
  const { rows } = await db.query<{ entries: number }>('SELECT count(*)::int AS entries FROM knowledge_entries');
  await embedder.close();
  return {
    entries: rows[0]?.entries ?? 0,
    passages: index.size,
    importMs,
    indexMs,
    rss: { start, model: withModel, imported, index: withIndex },
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    covered: figures(scored).covered,
  };
}

interface Run {
  size: number;
  /** The PostgreSQL database to fill; PGlite in a temporary folder without one. */
  url?: string;
}

async function child(run: Run): Promise<Measured> {
  if (run.url) {
    // As an operator would raise DATABASE_STATEMENT_TIMEOUT_MS for a large archive: at 100k entries the
    // import's lexeme statistics (ts_stat over every entry, importKnowledge) ran past the default 15 s.
    const db = createPostgresDatabase(run.url, { poolSize: 4, statementTimeoutMs: 300_000 });
    try {
      return await measure(db, run.size);
    } finally {
      await db.close();
    }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'chat-bench-'));
  try {
    const db = await createPgliteDatabase(dataDir);
    try {
      return await measure(db, run.size);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs one size in a child process; undefined when it did not finish, with why printed. */
async function inChild(label: string, run: Run): Promise<Measured | undefined> {
  const worker = fork(fileURLToPath(import.meta.url), {
    env: { ...process.env, BENCH_RUN: JSON.stringify(run) },
    execArgv: [...process.execArgv, '--expose-gc'],
  });
  let measured: Measured | undefined;
  worker.on('message', (message) => {
    measured = message as Measured;
  });
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    worker.on('exit', (...ended) => {
      resolve(ended);
    }),
  );
  if (!measured)
    process.stdout.write(
      `  ${label.padEnd(10)} ${String(run.size).padStart(6)} entries   NOT MEASURED: the run ended with ${signal ?? `exit code ${String(code)}`}\n`,
    );
  return measured;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (n: number, of: number) => `${(100 * rate(n, of)).toFixed(1)}%`;

function print(label: string, m: Measured): void {
  const { rss: r, covered: c } = m;
  process.stdout.write(
    [
      `  ${label.padEnd(10)} ${String(m.entries).padStart(6)} entries, ${String(m.passages)} passages   import ${seconds(m.importMs.entries + m.importMs.passages)} (entries ${seconds(m.importMs.entries)}, passages ${seconds(m.importMs.passages)})   index built in ${seconds(m.indexMs)}`,
      `             RSS ${mb(r.start)} at the start, ${mb(r.model)} with the model (+${mb(r.model - r.start)}), ${mb(r.imported)} imported, ${mb(r.index)} with the index (+${mb(r.index - r.imported)})`,
      `             answer p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms   ${String(c.total)} covered questions: right ${percent(c.right, c.total)}, abstained ${percent(c.abstained, c.total)}, wrong ${percent(c.wrong, c.total)}`,
      '',
    ].join('\n'),
  );
}

/**
 * The largest size run on PGlite (BENCH_PGLITE_MAX to change it). PGlite writes and reads each
 * vector through its bytea text form, parsed in JavaScript, and builds the full-text indexes on one
 * thread: 100k entries took longer to import and index than a benchmark run should.
 */
const pgliteMax = Number(process.env.BENCH_PGLITE_MAX ?? 10_000);

async function bench(label: string, runOf: (size: number) => Promise<Run>, largest = Infinity): Promise<void> {
  const done: Measured[] = [];
  for (const size of sizes) {
    const last = done[done.length - 1];
    if (size > largest) {
      const pace = last
        ? `: at the ${String(last.entries)}-entry run's pace, importing and indexing would take ${(((size / last.entries) * (last.importMs.entries + last.importMs.passages + last.indexMs)) / 60_000).toFixed(0)} min`
        : '';
      process.stdout.write(
        `  ${label.padEnd(10)} ${String(size).padStart(6)} entries   not run on ${label} above ${String(largest)} entries${pace} (BENCH_PGLITE_MAX=${String(size)} runs it)\n`,
      );
      continue;
    }
    const measured = await inChild(label, await runOf(size));
    if (measured) {
      print(label, measured);
      done.push(measured);
    }
  }
  const [first, last] = [done[0], done[done.length - 1]];
  if (first && last && first !== last) {
    process.stdout.write(`  ${label}: p95(${String(last.entries)}) / p95(${String(first.entries)}) = ${(last.p95 / first.p95).toFixed(2)}\n`);
  }
}

if (process.env.BENCH_RUN) {
  const measured = await child(JSON.parse(process.env.BENCH_RUN) as Run);
  // The IPC channel would keep this process alive: closed once the figures are sent.
  process.send?.(measured, () => {
    process.disconnect?.();
  });
} else {
  process.stdout.write('Extractive answers by meaning and words; the issue asks p95 ≤ 150 ms, p95(100k) ≤ 2 × p95(10k), the model ≤ 300 MB resident\n');
  if (process.env.DATABASE_URL) {
    const stack = await createTestStack();
    try {
      await bench('PostgreSQL', async (size) => ({ size, url: (await stack.databaseUrl('chat-bench')) ?? '' }));
    } finally {
      await stack.close();
    }
  }
  await bench('PGlite', (size) => Promise.resolve({ size }), pgliteMax);
}
