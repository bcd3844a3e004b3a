// `npm run bench:chat`: the extractive answer's time and quality with 10k and 100k entries in the
// knowledge base: the repository's entries plus synthetic ones of made-up words, each with three
// sentences of the real entries mixed in, under a made-up name and with a question of its own (a
// real entry's questions copied into thousands of fillers would make each real question's words
// frequent, as no real archive is). Asks the in-scope questions of eval/questions/; prints p50/p95
// per size, the share answered with a relevant cited entry (evaluate.ts), and whether the full-text
// and name searches use their indexes. On PGlite, and on PostgreSQL too when DATABASE_URL is set.
// BENCH_PLAN=1 prints the search's plan.
import { createPgliteDatabase, createPostgresDatabase, migrate, type Database } from '@betterplus/kit';
import { createTestStack } from '@betterplus/kit/testing';
import { MATCH_BUDGET, SEARCH_SQL, importKnowledge, questionWords } from '../src/db/knowledge.ts';
import { createExtractiveAnswerer } from '../src/domain/extractive-answerer.ts';
import { loadKnowledgeFiles, type LoadedEntry } from '../src/domain/knowledge-files.ts';
import { evaluate, rate } from './evaluate.ts';
import { loadQuestionSet } from './question-set.ts';

/** Entries in the knowledge base per round, real ones and synthetic fillers (BENCH_SIZES=1000,10000 for a quick run). */
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const inScope = (await loadQuestionSet()).in_scope;
const real = await loadKnowledgeFiles();
const sentences = real.flatMap(({ entry }) => entry.body.split(/(?<=[.!?])\s+/));
const syllables = ['ka', 'ri', 'mo', 'sa', 'ven', 'dra', 'lu', 'pa', 'thi', 'ne', 'go', 'ra', 'shi', 'ta', 'vi'];

/** A deterministic pseudo-random sequence, so every run measures the same knowledge base. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function synthetic(count: number): LoadedEntry[] {
  const random = generator(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const word = () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(syllables)).join('');
  const prose = (words: number) => `${Array.from({ length: words }, word).join(' ')}.`;
  return Array.from({ length: count }, (_, i) => {
    const name = `${word()} ${word()} ${pick(['Trust', 'Foundation', 'Collective', 'Sangh', 'Initiative'])}`;
    const body = [prose(60), pick(sentences), prose(60), pick(sentences), prose(40)].join(' ');
    const template = pick(real).entry;
    const entry = { ...template, id: `synthetic-${String(i)}`, title: name, summary: `${name} is a synthetic entry for the retrieval benchmark. ${pick(sentences)}`, body, questions: [`What does ${name} do?`] };
    return { entry, contentHash: `synthetic-${String(i)}` };
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function measure(label: string, db: Database): Promise<void> {
  await migrate(db, [{ scope: 'chat', dir: new URL('../src/db/migrations/', import.meta.url) }]);
  const answerer = createExtractiveAnswerer(db);
  for (const size of sizes) {
    await importKnowledge(db, [...real, ...synthetic(size - real.length)]);
    await db.query('ANALYZE knowledge_entries');
    await db.query('ANALYZE knowledge_names');
    const ask = async (question: string) => {
      const started = performance.now();
      const { response, sources } = await answerer.answer(question, { signal: AbortSignal.timeout(30_000) });
      return { response, sources, ms: performance.now() - started };
    };
    for (const { question } of inScope.slice(0, 5)) await ask(question);
    const { inScope: answered, times } = await evaluate({ in_scope: inScope, out_of_scope: [] }, ask);
    times.sort((a, b) => a - b);
    // The plan of the search itself, for a question with a misspelt name and common words.
    const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${SEARCH_SQL}`, [questionWords('how did sonam wangchook help villages in ladakh with water'), 6, ['Ladakh'], ['water'], true, MATCH_BUDGET])).rows.map((r) => r['QUERY PLAN']).join('\n');
    const scanned = ['knowledge_entries', 'knowledge_names'].filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan));
    process.stdout.write(
      `  ${label.padEnd(10)} ${String(size).padStart(6)} entries   p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms   ` +
        `relevant cited entry ${(100 * rate(answered.hits, answered.total)).toFixed(1)}%   ${scanned.length === 0 ? 'no table scans' : `TABLE SCAN of ${scanned.join(', ')}`}\n`,
    );
    if (process.env.BENCH_PLAN) process.stdout.write(`${plan}\n`);
  }
  await db.close();
}

process.stdout.write(`Extractive answer time and quality, ${String(inScope.length)} in-scope questions per size\n`);
await measure('PGlite', await createPgliteDatabase());
if (process.env.DATABASE_URL) {
  const stack = await createTestStack();
  try {
    await measure('PostgreSQL', createPostgresDatabase((await stack.databaseUrl('chat-bench')) ?? '', 4));
  } finally {
    await stack.close();
  }
}
