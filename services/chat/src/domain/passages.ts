import type { KnowledgeEntry } from './knowledge-entry.ts';

/**
 * A piece of an entry that retrieval ranks by meaning: its head (title and summary), one of the
 * questions it was written to answer, or a few consecutive sentences of its body. Answers quote
 * sentences of the passages that matched.
 */
export interface Passage {
  entryId: string;
  /** The passage's place in its entry, from 0: the head, the questions, then the body in order. */
  n: number;
  part: 'head' | 'question' | 'body';
  text: string;
}

/**
 * Sentences end at . ! or ? before a space, except after an initial (G. Venkataswamy) or a short
 * title or abbreviation (Dr. Rs. e.g.).
 */
const SENTENCE_END = /(?<=[.!?])(?<!\b[A-Z]\.)(?<!\b(?:Dr|Mr|Mrs|Ms|Smt|Shri|Sri|St|Prof|No|Rs|e\.g|i\.e|vs)\.)\s+/u;

export const sentencesOf = (text: string): string[] =>
  text
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);

/** A body passage holds whole sentences up to about this many words: enough to carry one fact with its context. */
const PASSAGE_WORDS = 60;

const wordCount = (text: string) => text.split(/\s+/).length;

/** Consecutive sentences grouped into passages of about PASSAGE_WORDS words; a long sentence stands alone. */
export function groupSentences(sentences: readonly string[]): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let words = 0;
  for (const sentence of sentences) {
    const n = wordCount(sentence);
    if (current.length > 0 && words + n > PASSAGE_WORDS) {
      groups.push(current);
      current = [];
      words = 0;
    }
    current.push(sentence);
    words += n;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * The passages of an entry. Body passages carry the entry's title, as a reader would keep it in
 * mind: "It was founded in 1998" means nothing to a ranking that does not know what "it" is.
 */
export function passagesOf(entry: Pick<KnowledgeEntry, 'id' | 'title' | 'summary' | 'body' | 'questions'>): Passage[] {
  const texts: { part: Passage['part']; text: string }[] = [
    { part: 'head', text: `${entry.title}. ${entry.summary}` },
    ...entry.questions.map((question) => ({ part: 'question' as const, text: question })),
    ...groupSentences(sentencesOf(entry.body)).map((group) => ({ part: 'body' as const, text: `${entry.title}: ${group.join(' ')}` })),
  ];
  return texts.map(({ part, text }, n) => ({ entryId: entry.id, n, part, text }));
}
