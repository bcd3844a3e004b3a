// The sentence embedder's cost and what it finds (a benchmark, not a test):
//   npm run bench:embedder      (node services/chat/eval/bench-embedder.ts)
// Prints the model's load time and the process's resident memory before and after loading it; the
// time to embed one question (p50/p95 over 200 of eval/questions/, one after another, then while
// passages are being embedded); passages per second for 1,000 passages of 60 words cut from the
// knowledge base; and, as a first look at retrieval by meaning alone, the share of in-scope
// questions with an expected entry among the 1 and 5 entries whose passages come closest.
// Times are wall-clock; the CPU time beside them (all threads of the process) does not grow when
// other processes share the cores. BENCH_THREADS and BENCH_BATCH set the embedder's threads and
// passage batch.
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { createEmbedder } from '../src/adapters/embedder.ts';
import { EMBEDDING_MODEL, embeddingModelDir, modelFolderName } from '../src/adapters/embedding-model.ts';
import { loadKnowledgeFiles } from '../src/adapters/knowledge-files.ts';
import { loadOlderQuestions } from './question-set.ts';

const PASSAGE_WORDS = 60;
// The embedder's defaults unless set.
const threads = process.env.BENCH_THREADS ? Number(process.env.BENCH_THREADS) : undefined;
const batchSize = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;

const older = await loadOlderQuestions();
const covered = older.filter(({ kind }) => kind === 'covered');
const askable = older.map(({ question }) => question);
// Every k-th question, so the 200 come from every file of the set.
const questions = Array.from({ length: 200 }, (_, index) => askable[Math.floor((index * askable.length) / 200)] ?? '');
const passages = (await loadKnowledgeFiles()).flatMap(({ entry }) => {
  const words = entry.body.split(/\s+/);
  return Array.from({ length: Math.ceil(words.length / PASSAGE_WORDS) }, (_, index) => ({
    id: entry.id,
    text: `${entry.title}. ${words.slice(index * PASSAGE_WORDS, (index + 1) * PASSAGE_WORDS).join(' ')}`,
  }));
});

const megabytes = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`;
const percentile = (values: number[], share: number): number => [...values].sort((a, b) => a - b)[Math.ceil(share * values.length) - 1] ?? NaN;
const milliseconds = (values: number[]): string => `p50 ${percentile(values, 0.5).toFixed(1)} ms, p95 ${percentile(values, 0.95).toFixed(1)} ms`;
const cpuMilliseconds = (since: NodeJS.CpuUsage): number => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
const versionOf = async (name: string): Promise<string> =>
  (JSON.parse(await readFile(new URL(`../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version: string }).version;

console.log(
  `model ${modelFolderName(EMBEDDING_MODEL)} (${EMBEDDING_MODEL.pooling} pooling), onnxruntime-node ${await versionOf('onnxruntime-node')}, @huggingface/tokenizers ${await versionOf('@huggingface/tokenizers')}`,
);
console.log(
  `threads ${threads ?? 'default (1)'}, passage batch ${batchSize ?? 'default (1)'}, node ${process.version}, load average ${loadavg()[0]?.toFixed(1)}`,
);

const rssBefore = process.memoryUsage().rss;
let started = performance.now();
const embedder = await createEmbedder({ modelDir: embeddingModelDir(EMBEDDING_MODEL, process.env), threads, batchSize });
console.log(
  `load: ${(performance.now() - started).toFixed(0)} ms; resident memory ${megabytes(rssBefore)} before, ${megabytes(process.memoryUsage().rss)} after`,
);

await embedder.embedQuery('warm up');
const alone: number[] = [];
let cpu = process.cpuUsage();
for (const question of questions) {
  started = performance.now();
  await embedder.embedQuery(question);
  alone.push(performance.now() - started);
}
console.log(`query, one at a time (${questions.length}): ${milliseconds(alone)}; CPU ${(cpuMilliseconds(cpu) / questions.length).toFixed(1)} ms a query`);

const thousand = passages.slice(0, 1000);
started = performance.now();
cpu = process.cpuUsage();
const embedding = embedder.embedPassages(thousand.map(({ text }) => text));
// Questions asked meanwhile wait for the batch in progress on the embedder's thread.
const meanwhile: number[] = [];
for (const question of questions.slice(0, 50)) {
  const asked = performance.now();
  await embedder.embedQuery(question);
  meanwhile.push(performance.now() - asked);
}
await embedding;
const seconds = (performance.now() - started) / 1000;
const cpuSeconds = cpuMilliseconds(cpu) / 1000;
console.log(`query while passages are embedded (${meanwhile.length}): ${milliseconds(meanwhile)}`);
console.log(
  `passages: ${thousand.length} of ${PASSAGE_WORDS} words in ${seconds.toFixed(1)} s, ${(thousand.length / seconds).toFixed(1)} passages/s; ` +
    `${cpuSeconds.toFixed(1)} s of CPU, ${(thousand.length / cpuSeconds).toFixed(1)} passages a CPU-second`,
);

const vectors = [...(await embedding), ...(await embedder.embedPassages(passages.slice(1000).map(({ text }) => text)))];
console.log(`resident memory after ${passages.length} passages: ${megabytes(process.memoryUsage().rss)}`);
let top1 = 0;
let top5 = 0;
for (const { question, expect } of covered) {
  const query = await embedder.embedQuery(question);
  const best = new Map<string, number>();
  passages.forEach(({ id }, index) => {
    best.set(id, Math.max(best.get(id) ?? -1, dot(query, vectors[index] ?? new Float32Array())));
  });
  const ranked = [...best].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  top1 += expect.includes(ranked[0] ?? '') ? 1 : 0;
  top5 += ranked.slice(0, 5).some((id) => expect.includes(id)) ? 1 : 0;
}
const share = (count: number): string => `${((100 * count) / covered.length).toFixed(1)}%`;
console.log(
  `retrieval by meaning alone, ${covered.length} in-scope questions over ${passages.length} passages: expected entry first ${share(top1)}, in the top 5 ${share(top5)}`,
);
await embedder.close();
