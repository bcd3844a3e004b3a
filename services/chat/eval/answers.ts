// `npm run eval:answers`: the project's own question set (eval/questions/*.yaml) asked through chat's
// API, as a signed-in user with a large allowance, on the test stack's adapters (PGlite unless
// DATABASE_URL names a server). Prints the hit rate of the in-scope questions (an answer that
// cites an expected entry and holds one of the expected terms), the abstention rate of the
// out-of-scope ones, the answer time p50/p95, and every miss.
import { randomUUID } from 'node:crypto';
import { bearerFor, createTestStack } from '@betterplus/kit/testing';
import { chatService } from '../src/app.ts';
import { applyEntitlement } from '../src/db/entitlements.ts';
import { ABSTENTION } from '../src/domain/answerer.ts';
import { loadQuestionSet } from './question-set.ts';

interface Asked {
  response: string;
  sources: { id: string }[];
  ms: number;
}

const set = await loadQuestionSet();
const stack = await createTestStack();
try {
  const chat = await stack.start(chatService, {}, { listen: true });
  const userId = randomUUID();
  const now = Date.now();
  await applyEntitlement(chat.deps.db, { userId, plan: 'premium', status: 'active', queriesLimit: 100_000, periodStart: new Date(now - 86_400_000), periodEnd: new Date(now + 86_400_000), changedAt: new Date() });
  const headers = { 'content-type': 'application/json', ...(await bearerFor(stack, userId)) };

  const ask = async (question: string): Promise<Asked> => {
    const started = performance.now();
    const response = await fetch(`${chat.url ?? ''}/api/chat`, { method: 'POST', headers, body: JSON.stringify({ message: question }) });
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${question}: ${String(response.status)} ${await response.text()}`);
    return { ...((await response.json()) as Omit<Asked, 'ms'>), ms };
  };

  const times: number[] = [];
  const misses: string[] = [];
  let hits = 0;
  let falseAbstentions = 0;
  for (const { question, expect, terms } of set.in_scope) {
    const answer = await ask(question);
    times.push(answer.ms);
    const abstained = answer.response === ABSTENTION;
    const cited = answer.sources.some((source) => expect.includes(source.id));
    const termed = terms.some((term) => answer.response.toLowerCase().includes(term.toLowerCase()));
    if (!abstained && cited && termed) hits += 1;
    else misses.push(`  miss: ${question}  (expected ${expect.join('/')}; got ${abstained ? 'an abstention' : answer.sources.map((s) => s.id).join(', ') || 'no source'}${abstained || !cited || termed ? '' : '; no expected term'})`);
    if (abstained) falseAbstentions += 1;
  }
  let abstentions = 0;
  for (const { question } of set.out_of_scope) {
    const answer = await ask(question);
    times.push(answer.ms);
    if (answer.response === ABSTENTION) abstentions += 1;
    else misses.push(`  answered out of scope: ${question}  (cited ${answer.sources.map((s) => s.id).join(', ')})`);
  }

  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const percent = (n: number, of: number) => `${(100 * n / of).toFixed(1)}% (${String(n)}/${String(of)})`;
  process.stdout.write(
    [
      `Answers on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${String(set.in_scope.length)} in-scope and ${String(set.out_of_scope.length)} out-of-scope questions`,
      `  in-scope hit rate          ${percent(hits, set.in_scope.length)}`,
      `  in-scope abstentions       ${percent(falseAbstentions, set.in_scope.length)}`,
      `  out-of-scope abstentions   ${percent(abstentions, set.out_of_scope.length)}`,
      `  answer time                p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms`,
      ...misses,
      '',
    ].join('\n'),
  );
} finally {
  await stack.close();
}
