// Scores answers against the question set: the figures `npm run eval:answers` prints and the
// answer-quality test holds.
import { ABSTENTION } from '../src/domain/answerer.ts';
import type { QuestionSet } from './question-set.ts';

export interface Asked {
  response: string;
  sources: { id: string }[];
  ms: number;
}

/** Where each question ended up: the confusion figures. */
export interface Evaluation {
  inScope: { total: number; hits: number; wrongEntry: number; missingTerm: number; abstained: number };
  outOfScope: { total: number; abstained: number; answered: number };
  times: number[];
  misses: string[];
}

export async function evaluate(set: QuestionSet, ask: (question: string) => Promise<Asked>): Promise<Evaluation> {
  const result: Evaluation = {
    inScope: { total: set.in_scope.length, hits: 0, wrongEntry: 0, missingTerm: 0, abstained: 0 },
    outOfScope: { total: set.out_of_scope.length, abstained: 0, answered: 0 },
    times: [],
    misses: [],
  };
  for (const { question, expect, terms } of set.in_scope) {
    const answer = await ask(question);
    result.times.push(answer.ms);
    const cited = answer.sources.some((source) => expect.includes(source.id));
    const termed = terms.some((term) => answer.response.toLowerCase().includes(term.toLowerCase()));
    const got = answer.sources.map((s) => s.id).join(', ') || 'no source';
    if (answer.response === ABSTENTION) {
      result.inScope.abstained += 1;
      result.misses.push(`  abstained: ${question}  (expected ${expect.join('/')})`);
    } else if (!cited) {
      result.inScope.wrongEntry += 1;
      result.misses.push(`  wrong entry: ${question}  (expected ${expect.join('/')}; got ${got})`);
    } else if (!termed) {
      result.inScope.missingTerm += 1;
      result.misses.push(`  no expected term: ${question}  (${terms.join('/')} in ${got})`);
    } else result.inScope.hits += 1;
  }
  for (const { question } of set.out_of_scope) {
    const answer = await ask(question);
    result.times.push(answer.ms);
    if (answer.response === ABSTENTION) result.outOfScope.abstained += 1;
    else {
      result.outOfScope.answered += 1;
      result.misses.push(`  answered out of scope: ${question}  (cited ${answer.sources.map((s) => s.id).join(', ')})`);
    }
  }
  return result;
}

export const rate = (n: number, of: number): number => (of === 0 ? 0 : n / of);

export function report(result: Evaluation, label: string): string {
  const sorted = [...result.times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const percent = (n: number, of: number) => `${(100 * rate(n, of)).toFixed(1)}% (${String(n)}/${String(of)})`;
  const { inScope, outOfScope } = result;
  return [
    `Answers on ${label}, ${String(inScope.total)} in-scope and ${String(outOfScope.total)} out-of-scope questions`,
    `  in scope:      answered with a relevant cited entry ${percent(inScope.hits, inScope.total)}`,
    `                 cited another entry                  ${percent(inScope.wrongEntry, inScope.total)}`,
    `                 cited it without an expected term    ${percent(inScope.missingTerm, inScope.total)}`,
    `                 abstained                            ${percent(inScope.abstained, inScope.total)}`,
    `  out of scope:  abstained                            ${percent(outOfScope.abstained, outOfScope.total)}`,
    `                 answered                             ${percent(outOfScope.answered, outOfScope.total)}`,
    `  answer time    p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms`,
    ...result.misses,
    '',
  ].join('\n');
}
