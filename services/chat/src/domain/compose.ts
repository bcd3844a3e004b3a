import { answersIntent, type Intent } from './intent.ts';
import { sentencesOf } from './passages.ts';
import type { QuestionLanguage } from './query-language.ts';
import { FRAMING_WORDS } from './relevance.ts';

/** What composition needs of an entry that answers: its name and kind, and its passages scored against the question. */
export interface AnsweringEntry {
  entry: { id: string; kind: string; title: string };
  similarity?: number | undefined;
  passages: readonly { n: number; part: 'head' | 'question' | 'body'; text: string; similarity: number }[];
}

export interface Composed {
  response: string;
  /** The entries the response quotes, in the order quoted. */
  cited: string[];
}

/** One sentence in Hindi, then the English answer: the archive is in English (issue: answers in the language asked). */
export const ARCHIVE_IN_ENGLISH: Readonly<Record<QuestionLanguage, string>> = {
  en: '',
  hi: 'हमारा संग्रह अंग्रेज़ी में है, इसलिए उत्तर अंग्रेज़ी में है।',
  hinglish: 'Hamara archive English mein hai, isliye jawab English mein hai.',
};

/** Organisations named in a list answer, at most. */
const LISTED = 5;
/** Sentences quoted from the best entry, at most; a "how do I" answer takes the steps of its best passages, this many. */
const QUOTED = 4;
const STEP_PASSAGES = 3;
/** Entries besides the best cited with a sentence of their own, when nearly as close in meaning. */
const ALSO_CLOSE = 0.03;

/** How much a sentence gains for holding all of the question's subject words, beside its passage's closeness in meaning. */
const WORDS_WEIGHT = 0.1;

/** English words too common to tell one sentence from another. */
const COMMON = new Set(
  `the and for are was were has have had how what who whom why when where can could should would will this that these those
  from into there their they them our your you any all not but its his her she him did does may must than then under`.split(/\s+/),
);

/** A word's stem for matching a question's word in a sentence ("schemes", "scheme"). */
const stem = (word: string) => (word.length > 4 ? word.replace(/ies$/, 'y').replace(/(?<!s)s$/, '') : word);

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The question's subject words, stemmed: what a sentence that answers it names. */
export const subjectWords = (englishQuestion: string): string[] => [
  ...new Set(
    wordsOf(englishQuestion)
      .filter((word) => word.length > 2 && !COMMON.has(word) && !FRAMING_WORDS.includes(word))
      .map(stem),
  ),
];

/** The share of `words` a sentence holds. */
function wordsHeld(sentence: string, words: readonly string[]): number {
  if (words.length === 0) return 0;
  const own = new Set(wordsOf(sentence).map(stem));
  return words.filter((word) => own.has(word)).length / words.length;
}

/** A passage's text without the title it carries for ranking. */
const bodyOf = (text: string, title: string) => (text.startsWith(`${title}: `) ? text.slice(title.length + 2) : text);

interface Sentence {
  text: string;
  /** Position in the entry: the head (0) first, then the body in order. */
  at: number;
  score: number;
}

/** What composition reads of the question: what it asks for, and its subject words. */
export interface Asked {
  intents: readonly Intent[];
  words: readonly string[];
}

/** The entry's quotable sentences (head and body, not its sample questions), each scored by its passage's closeness, whether it gives what was asked, and the question's words it holds. */
function sentencesFor(answer: AnsweringEntry, { intents, words }: Asked): Sentence[] {
  return answer.passages
    .filter((p) => p.part !== 'question')
    .flatMap((p) => {
      const text = p.part === 'head' ? p.text.slice(answer.entry.title.length + 2) : bodyOf(p.text, answer.entry.title);
      return sentencesOf(text).map((sentence, i) => ({
        text: sentence,
        at: p.n * 100 + i,
        score: p.similarity + (answersIntent(sentence, intents) ? 0.05 : 0) + WORDS_WEIGHT * wordsHeld(sentence, words),
      }));
    });
}

/** The sentences of the best entry that answer the question, in the entry's order. */
function quote(answer: AnsweringEntry, asked: Asked): string {
  const sentences = sentencesFor(answer, asked);
  const [intent] = asked.intents;
  if (intent === 'how') {
    // Steps are read in order: the closest passages, whole, as the entry gives them.
    const passages = answer.passages
      .filter((p) => p.part === 'body')
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, STEP_PASSAGES)
      .sort((a, b) => a.n - b.n);
    if (passages.length > 0) return passages.map((p) => bodyOf(p.text, answer.entry.title)).join(' ');
  }
  // "What is it" is answered first by what the entry says it is: its summary's first sentence.
  const lead = intent === 'what' ? sentences.filter((s) => s.at < 100).slice(0, 1) : [];
  const byScore = [...sentences].sort((a, b) => b.score - a.score);
  // A question asking two things ("interest and who can open") gets the best sentence for each before the rest.
  const perIntent = asked.intents.flatMap((each) => byScore.find((s) => answersIntent(s.text, [each])) ?? []);
  return [...new Set([...lead, ...perIntent, ...byScore])]
    .slice(0, QUOTED)
    .sort((a, b) => a.at - b.at)
    .map((s) => s.text)
    .join(' ');
}

/** A quote that does not name its entry is introduced by the entry's name: "It began in 1999" says nothing of whom. */
const named = (title: string, text: string) => (text.toLowerCase().includes(title.toLowerCase()) ? text : `${title}: ${text}`);

/** The one sentence of an entry closest to the question. */
const bestSentence = (answer: AnsweringEntry, asked: Asked): string => sentencesFor(answer, asked).sort((a, b) => b.score - a.score)[0]?.text ?? '';

/**
 * The extractive answer, from the entries that answer only (the relevance decision has kept
 * them): a list question gets each matching organisation with a sentence; any other the best
 * entry's sentences that give what was asked, and a sentence of another entry nearly as close.
 */
export function compose(answers: readonly AnsweringEntry[], asked: Asked, language: QuestionLanguage): Composed | undefined {
  const [best] = answers;
  const [intent] = asked.intents;
  if (!best) return undefined;
  let paragraphs: { id: string; text: string }[];
  if (intent === 'list' && answers.length > 1) {
    paragraphs = answers.slice(0, LISTED).map((answer) => ({ id: answer.entry.id, text: `${answer.entry.title}: ${bestSentence(answer, asked)}` }));
  } else {
    const close = answers.slice(1, 3).filter((answer) => (answer.similarity ?? 0) >= (best.similarity ?? 0) - ALSO_CLOSE);
    paragraphs = [best, ...close].map((answer, i) => ({
      id: answer.entry.id,
      text: named(answer.entry.title, i === 0 ? quote(answer, asked) : bestSentence(answer, asked)),
    }));
  }
  const preface = ARCHIVE_IN_ENGLISH[language];
  return { response: [preface, ...paragraphs.map((p) => p.text)].filter((text) => text.length > 0).join('\n\n'), cited: paragraphs.map((p) => p.id) };
}
