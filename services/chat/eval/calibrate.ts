// `npm run eval:calibrate [dev|older]`: calibrates the relevance decision (domain/relevance.ts
// RELEVANCE) on a labelled set, the persona set's dev half by default; never on the test half,
// which only reports. Retrieves every question once, then tries each set of thresholds on what was
// retrieved: the first candidate the decision keeps is the answer, right when it is an expected
// entry of a covered question and the answer composed from it holds one of the question's facts
// (as eval:answers scores), wrong when it is another entry, lacks the facts, or the question is
// uncovered or off-topic. Prints the thresholds in force and the best found, scored right minus three times
// wrong (a confident wrong answer costs more than an abstention). CALIBRATE_DUMP=<file> also
// writes what was retrieved, as JSON.
import { writeFile } from 'node:fs/promises';
import { createLogger } from '@betterplus/kit';
import { compose, subjectWords } from '../src/domain/compose.ts';
import { outOfScopeKind } from '../src/domain/out-of-scope.ts';
import { hintsOf } from '../src/domain/question-hints.ts';
import { fitsPlaces, isAnswer, RELEVANCE, type Thresholds } from '../src/domain/relevance.ts';
import type { Candidate } from '../src/domain/retrieval.ts';
import { openScratchKnowledgeBase } from '../src/use-cases/knowledge-base.ts';
import { holdsFact } from './evaluate.ts';
import { loadOlderQuestions, loadPersonaQuestions, type LabelledQuestion } from './question-set.ts';

const half = process.argv[2] ?? 'dev';
if (half !== 'dev' && half !== 'older') throw new Error('calibrate on dev or older; the test half only reports');
const questions = half === 'dev' ? await loadPersonaQuestions('dev') : await loadOlderQuestions();

interface Seen {
  question: LabelledQuestion;
  /** The question in the archive's words, and the places it names. */
  english: string;
  asked: string[];
  /** Candidates in the order retrieval gives, with what the decision reads. */
  candidates: (Pick<Candidate, 'similarity' | 'askedLike' | 'coverage' | 'missing' | 'lacking' | 'byMeaning' | 'byWords'> & {
    id: string;
    kind: string;
    states: string[];
    placed: boolean;
    /** Whether the answer composed from this entry alone holds one of the question's facts. */
    givesFact: boolean;
  })[];
}

const knowledge = await openScratchKnowledgeBase(createLogger('calibrate', 'warn'), process.env);
const seen: Seen[] = [];
for (const question of questions) {
  if (outOfScopeKind(question.question)) {
    seen.push({ question, english: question.question, asked: [], candidates: [] });
    continue;
  }
  const retrieval = await knowledge.retrieve(question.question);
  const asked = hintsOf(retrieval.english).states;
  const words = subjectWords(retrieval.english);
  const givesFact = (candidate: Candidate) =>
    holdsFact(question, compose([candidate], { intents: retrieval.intents, words }, retrieval.language)?.response ?? '');
  seen.push({
    question,
    english: retrieval.english,
    asked,
    candidates: retrieval.candidates.map((c) => ({
      id: c.entryId,
      kind: c.entry.kind,
      similarity: c.similarity,
      askedLike: c.askedLike,
      coverage: c.coverage,
      missing: c.missing,
      lacking: c.lacking,
      byMeaning: c.byMeaning,
      byWords: c.byWords,
      states: c.entry.states,
      placed: fitsPlaces(asked, c),
      givesFact: givesFact(c),
    })),
  });
}
await knowledge.close();
// CALIBRATE_DUMP=<file> keeps what was retrieved, to study other decisions than this one.
if (process.env.CALIBRATE_DUMP) await writeFile(process.env.CALIBRATE_DUMP, JSON.stringify(seen));

function score(t: Thresholds) {
  let right = 0;
  let wrong = 0;
  let abstained = 0;
  for (const { question, candidates } of seen) {
    const chosen = candidates.find((c) => c.placed && isAnswer(c, t));
    if (!chosen) {
      if (question.kind === 'covered') abstained += 1;
      else right += 1;
    } else if (question.kind === 'covered' && question.expect.includes(chosen.id) && chosen.givesFact) right += 1;
    else wrong += 1;
  }
  return { right, wrong, abstained, value: right - 3 * wrong };
}

const steps = (from: number, to: number, by: number) => Array.from({ length: Math.round((to - from) / by) + 1 }, (_, i) => Number((from + i * by).toFixed(3)));
let best = { t: RELEVANCE, s: score(RELEVANCE) };
for (const closeness of steps(0.6, 0.85, 0.01))
  for (const closenessAlone of steps(closeness, 0.95, 0.01))
    for (const missing of [0, 1, 2]) {
      const s = score({ closeness, closenessAlone, missing });
      if (s.value > best.s.value) best = { t: { closeness, closenessAlone, missing }, s };
    }
const line = (label: string, t: Thresholds, s: ReturnType<typeof score>) =>
  `${label.padEnd(10)} closeness ${t.closeness.toFixed(2)}  alone ${t.closenessAlone.toFixed(2)}  missing ${String(t.missing)}   right ${String(s.right)}  abstained ${String(s.abstained)}  wrong ${String(s.wrong)}  of ${String(seen.length)}`;
console.log(`Relevance decision on ${half === 'dev' ? 'the persona set, dev half' : 'the older set'} (right: an expected entry, its answer holding a fact)`);
console.log(line('in force', RELEVANCE, score(RELEVANCE)));
console.log(line('best', best.t, best.s));
