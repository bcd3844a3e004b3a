import type { Queryable } from '@betterplus/kit';
import { bestSentences, searchKnowledge, type FoundEntry } from '../db/knowledge.ts';
import { ABSTENTION, sendWhole, type Answerer, type AnswerSource } from './answerer.ts';
import { outOfScopeKind } from './out-of-scope.ts';

/**
 * An entry fits a question when it ranks at least this and holds at least this share of the
 * question's telling words: one shared word of a long question is a coincidence, not an answer
 * (tuned on eval/questions/: `npm run eval:answers`).
 */
export const MIN_SCORE = 0.1;
export const MIN_COVERAGE = 0.4;

export const fits = (entry: Pick<FoundEntry, 'score' | 'coverage'>): boolean => entry.score >= MIN_SCORE && entry.coverage >= MIN_COVERAGE;
/** Entries cited besides the best one must score at least this share of it. */
const RELATED_SHARE = 0.5;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names of the cited entries in bold, each where it first appears in the answer. */
function boldNames(text: string, titles: readonly string[]): string {
  return titles.reduce((answer, title) => answer.replace(new RegExp(`(?<![\\p{L}*])${escapeRegExp(title)}(?![\\p{L}*])`, 'u'), `**${title}**`), text);
}

export const sourceOf = (entry: Pick<FoundEntry, 'id' | 'title' | 'kind' | 'sources'>): AnswerSource => ({ id: entry.id, title: entry.title, kind: entry.kind, url: entry.sources[0]?.url ?? '' });

/**
 * The embedded answerer, no network: finds the best entries, composes a short answer from their
 * sentences that share most with the question, cites the entries used, and offers follow-up
 * questions that related entries answer.
 */
export function createExtractiveAnswerer(db: Queryable): Answerer {
  return {
    async answer(question, { signal, onPart }) {
      const abstention = { response: ABSTENTION, sources: [], followUps: [], abstained: true };
      if (outOfScopeKind(question)) return sendWhole(abstention, onPart);
      const found = await searchKnowledge(db, question, 6);
      signal.throwIfAborted();
      const [best] = found;
      if (!best || !fits(best)) return sendWhole(abstention, onPart);
      const cited = found.filter((entry) => entry === best || (fits(entry) && entry.score >= best.score * RELATED_SHARE)).slice(0, 3);
      const paragraphs = await Promise.all(cited.map((entry, i) => bestSentences(db, entry.id, question, i === 0 ? 3 : 1)));
      const response = boldNames(paragraphs.map((sentences) => sentences.join(' ')).join('\n\n'), cited.map((entry) => entry.title));
      const asked = question.trim().toLowerCase();
      const followUps = found
        .filter((entry) => entry !== best)
        .concat(best)
        .flatMap((entry) => entry.questions.slice(0, 1))
        .filter((candidate) => candidate.toLowerCase() !== asked)
        .slice(0, 3);
      return sendWhole({ response, sources: cited.map(sourceOf), followUps, abstained: false }, onPart);
    },
  };
}
