import type { Intent } from './intent.ts';
import type { Passage } from './passages.ts';
import type { QuestionLanguage } from './query-language.ts';
import type { Ranked } from './relevance.ts';

/** What retrieval finds for a question (use-cases/retrieve.ts): the answerers compose from it. */
export interface CandidateEntry {
  id: string;
  kind: string;
  title: string;
  summary: string;
  states: string[];
  questions: string[];
  sources: { title: string; url: string }[];
}

export interface ScoredPassage {
  n: number;
  part: Passage['part'];
  text: string;
  similarity: number;
}

export interface Candidate extends Ranked {
  entry: CandidateEntry;
  /** The entry's passages, each with its similarity to the question, in the entry's order. */
  passages: ScoredPassage[];
  /** The question's telling words the entry does not hold (their count is Ranked.missing). */
  lacking?: readonly string[] | undefined;
}

export interface Retrieval {
  language: QuestionLanguage;
  /** The question in the archive's words (Hindi made English). */
  english: string;
  /** What the question asks for, the first shaping the answer (intent.ts). */
  intents: Intent[];
  /** The best entries, best first, whether or not they answer. */
  candidates: Candidate[];
  /** Of those, the ones that answer the question. */
  answers: Candidate[];
  /** Of the others, those close to the question (RELATED_CLOSENESS) and fit for its places and kind: offered after an abstention. */
  related: Candidate[];
}

export type Retrieve = (question: string) => Promise<Retrieval>;
