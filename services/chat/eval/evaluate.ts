// Scores answers three ways, right, abstained or wrong: the figures `npm run eval:answers` prints
// and the answer-quality tests hold. A confident answer that is not right is wrong, whatever it
// cites: that is the outcome that costs users most.
import { ABSTENTION } from '../src/domain/answerer.ts';
import type { LabelledQuestion, QuestionKind } from './question-set.ts';

export interface Asked {
  response: string;
  sources: { id: string }[];
  /** Questions offered next; after an abstention, those of the entries nearest the question. */
  followUps?: string[];
  ms: number;
}

export type Outcome = 'right' | 'abstained' | 'wrong';

export interface Scored {
  question: LabelledQuestion;
  outcome: Outcome;
  /** Why a covered question was not right, or what an uncovered one was answered with. */
  why?: string;
  followUps: string[];
  ms: number;
}

export const abstainedIn = (response: string): boolean => response.includes(ABSTENTION);

/** Whether `text` holds one of a covered question's facts: any one phrasing, in any case (personas/README.md). */
export const holdsFact = (question: Pick<LabelledQuestion, 'facts'>, text: string): boolean => {
  const lower = text.toLowerCase();
  return question.facts.some((fact) => lower.includes(fact.toLowerCase()));
};

/**
 * Right: a covered question answered with one of its expected facts and a cited entry among its
 * relevant ones; for an uncovered or off-topic question, an abstention. Anything else answered is wrong.
 */
export function outcomeOf(question: LabelledQuestion, answer: Omit<Asked, 'ms'>): { outcome: Outcome; why?: string } {
  const cited = answer.sources.map((source) => source.id);
  if (abstainedIn(answer.response))
    return question.kind === 'covered' ? { outcome: 'abstained', why: `expected ${question.expect.join('/')}` } : { outcome: 'right' };
  if (question.kind !== 'covered') return { outcome: 'wrong', why: `answered ${question.kind}, citing ${cited.join(', ') || 'nothing'}` };
  if (!cited.some((id) => question.expect.includes(id)))
    return { outcome: 'wrong', why: `cited ${cited.join(', ') || 'nothing'}; expected ${question.expect.join('/')}` };
  if (!holdsFact(question, answer.response)) return { outcome: 'wrong', why: `cited ${cited.join(', ')} without any of: ${question.facts.join(' | ')}` };
  return { outcome: 'right' };
}

export async function evaluate(questions: readonly LabelledQuestion[], ask: (question: string) => Promise<Asked>): Promise<Scored[]> {
  const scored: Scored[] = [];
  for (const question of questions) {
    const answer = await ask(question.question);
    scored.push({ question, ...outcomeOf(question, answer), followUps: answer.followUps ?? [], ms: answer.ms });
  }
  return scored;
}

export interface Tally {
  total: number;
  right: number;
  abstained: number;
  wrong: number;
}

export function tally(scored: readonly Scored[]): Tally {
  const count = (outcome: Outcome) => scored.filter((s) => s.outcome === outcome).length;
  return { total: scored.length, right: count('right'), abstained: count('abstained'), wrong: count('wrong') };
}

export const rate = (n: number, of: number): number => (of === 0 ? 0 : n / of);

/** The figures a group of questions is held to: the share of each kind, and of each language among the covered. */
export function figures(scored: readonly Scored[]) {
  const of = (keep: (q: LabelledQuestion) => boolean) => tally(scored.filter((s) => keep(s.question)));
  const covered = (language?: string) => of((q) => q.kind === 'covered' && (language === undefined || q.language === language));
  return {
    all: tally(scored),
    covered: covered(),
    coveredByLanguage: Object.fromEntries([...new Set(scored.map((s) => s.question.language))].sort().map((language) => [language, covered(language)])),
    uncovered: of((q) => q.kind === 'uncovered'),
    offTopic: of((q) => q.kind === 'off-topic'),
  };
}

/**
 * What the abstentions offered: of the covered questions abstained on, how many were offered a
 * question whose answer, once asked, is right for the question the user asked (one click from
 * it); of the uncovered and off-topic ones (abstained on when right), how many were offered any.
 */
export async function offers(scored: readonly Scored[], ask: (question: string) => Promise<Asked>) {
  const abstained = (kind: QuestionKind) => scored.filter((s) => s.question.kind === kind && s.outcome === (kind === 'covered' ? 'abstained' : 'right'));
  const anyOffered = (of: readonly Scored[]) => ({ offered: of.filter((s) => s.followUps.length > 0).length, of: of.length });
  const covered = abstained('covered');
  let right = 0;
  for (const s of covered)
    for (const followUp of s.followUps)
      if (outcomeOf(s.question, await ask(followUp)).outcome === 'right') {
        right += 1;
        break;
      }
  return { covered: { offered: right, of: covered.length }, uncovered: anyOffered(abstained('uncovered')), offTopic: anyOffered(abstained('off-topic')) };
}

export type Offers = Awaited<ReturnType<typeof offers>>;

const KINDS: readonly QuestionKind[] = ['covered', 'uncovered', 'off-topic'];

/** The figures and every question not right; what the abstentions offered too, when given (offers). */
export function report(scored: readonly Scored[], label: string, offered?: Offers): string {
  const percent = (n: number, total: number) => `${(100 * rate(n, total)).toFixed(1).padStart(5)}% (${String(n)})`;
  const row = (name: string, t: Tally) =>
    `  ${name.padEnd(24)} ${String(t.total).padStart(4)}   right ${percent(t.right, t.total).padEnd(13)} abstained ${percent(t.abstained, t.total).padEnd(13)} wrong ${percent(t.wrong, t.total)}`;
  const languages = [...new Set(scored.map((s) => s.question.language))].sort();
  const batches = [...new Set(scored.flatMap((s) => s.question.batch ?? []))];
  const group = (keep: (s: Scored) => boolean) => tally(scored.filter(keep));
  const times = scored.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  const lines = [
    `Answers on ${label}: ${String(scored.length)} questions (right: the expected fact with a relevant cited entry, or an abstention where the archive has no answer)`,
    ...KINDS.map((kind) =>
      row(
        kind,
        group((s) => s.question.kind === kind),
      ),
    ),
    ...KINDS.flatMap((kind) =>
      languages.map((language) => [`${kind}, ${language}`, group((s) => s.question.kind === kind && s.question.language === language)] as const),
    )
      .filter(([, t]) => t.total > 0)
      .map(([name, t]) => row(name, t)),
    row('all', tally(scored)),
    // Per batch (the persona set's): its covered questions, then all of it.
    ...batches.flatMap((batch) => [
      row(
        `covered, ${batch}`,
        group((s) => s.question.batch === batch && s.question.kind === 'covered'),
      ),
      row(
        `all, ${batch}`,
        group((s) => s.question.batch === batch),
      ),
    ]),
    ...(offered ? [offeredLine(offered)] : []),
    `  answer time p50 ${at(0.5).toFixed(1)} ms   p95 ${at(0.95).toFixed(1)} ms`,
    ...scored
      .filter((s) => s.outcome !== 'right')
      .map((s) => `  ${s.outcome.padEnd(9)} [${s.question.kind}, ${s.question.language}] ${s.question.question}  (${s.why ?? ''})`),
    '',
  ];
  return lines.join('\n');
}

const offeredLine = ({ covered, uncovered, offTopic }: Offers) =>
  `  abstentions offering questions: covered ${String(covered.offered)} of ${String(covered.of)} one whose answer is right, ` +
  `uncovered ${String(uncovered.offered)} of ${String(uncovered.of)} and off-topic ${String(offTopic.offered)} of ${String(offTopic.of)} any`;
