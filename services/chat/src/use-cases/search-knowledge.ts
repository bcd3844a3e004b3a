import type { Queryable } from '@betterplus/kit';
import { MATCH_BUDGET, searchEntries, type FoundEntry } from '../db/knowledge.ts';
import { hintsOf } from '../domain/question-hints.ts';
import { questionWords } from '../domain/question-words.ts';

/**
 * The entries that best answer `question` by its words (db/knowledge.ts, searchEntries): its own
 * words and their English, boosted for the states it names, the causes its words point to and,
 * for a "how do I" question, guides.
 */
export async function searchKnowledge(db: Queryable, question: string, limit: number, matchBudget = MATCH_BUDGET): Promise<FoundEntry[]> {
  const hints = hintsOf(question);
  const words = [...new Set([...questionWords(question), ...hints.english])];
  if (words.length === 0) return [];
  return searchEntries(db, { words, states: hints.states, causes: hints.causes, howTo: hints.howTo }, limit, matchBudget);
}
