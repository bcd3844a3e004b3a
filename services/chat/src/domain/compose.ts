import { answersIntent, type Intent } from './intent.ts';
import { sentencesOf } from './passages.ts';
import type { QuestionLanguage } from './query-language.ts';

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

/** A passage's text without the title it carries for ranking. */
const bodyOf = (text: string, title: string) => (text.startsWith(`${title}: `) ? text.slice(title.length + 2) : text);

interface Sentence {
  text: string;
  /** Position in the entry: the head (0) first, then the body in order. */
  at: number;
  score: number;
}

/** The entry's quotable sentences (head and body, not its sample questions), each scored by its passage's closeness and whether it gives what was asked. */
function sentencesFor(answer: AnsweringEntry, intents: readonly Intent[]): Sentence[] {
  return answer.passages
    .filter((p) => p.part !== 'question')
    .flatMap((p) => {
      const text = p.part === 'head' ? p.text.slice(answer.entry.title.length + 2) : bodyOf(p.text, answer.entry.title);
      return sentencesOf(text).map((sentence, i) => ({
        text: sentence,
        at: p.n * 100 + i,
        score: p.similarity + (answersIntent(sentence, intents) ? 0.05 : 0),
      }));
    });
}

/** The sentences of the best entry that answer the question, in the entry's order. */
function quote(answer: AnsweringEntry, intents: readonly Intent[]): string {
  const sentences = sentencesFor(answer, intents);
  const [intent] = intents;
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
  return [...lead, ...sentences.filter((s) => !lead.includes(s)).sort((a, b) => b.score - a.score)]
    .slice(0, QUOTED)
    .sort((a, b) => a.at - b.at)
    .map((s) => s.text)
    .join(' ');
}

/** A quote that does not name its entry is introduced by the entry's name: "It began in 1999" says nothing of whom. */
const named = (title: string, text: string) => (text.toLowerCase().includes(title.toLowerCase()) ? text : `${title}: ${text}`);

/** The one sentence of an entry closest to the question. */
const bestSentence = (answer: AnsweringEntry, intents: readonly Intent[]): string =>
  sentencesFor(answer, intents).sort((a, b) => b.score - a.score)[0]?.text ?? '';

/**
 * The extractive answer, from the entries that answer only (the relevance decision has kept
 * them): a list question gets each matching organisation with a sentence; any other the best
 * entry's sentences that give what was asked, and a sentence of another entry nearly as close.
 */
export function compose(answers: readonly AnsweringEntry[], intents: readonly Intent[], language: QuestionLanguage): Composed | undefined {
  const [best] = answers;
  const [intent] = intents;
  if (!best) return undefined;
  let paragraphs: { id: string; text: string }[];
  if (intent === 'list' && answers.length > 1) {
    paragraphs = answers.slice(0, LISTED).map((answer) => ({ id: answer.entry.id, text: `${answer.entry.title}: ${bestSentence(answer, intents)}` }));
  } else {
    const close = answers.slice(1, 3).filter((answer) => (answer.similarity ?? 0) >= (best.similarity ?? 0) - ALSO_CLOSE);
    paragraphs = [best, ...close].map((answer, i) => ({
      id: answer.entry.id,
      text: named(answer.entry.title, i === 0 ? quote(answer, intents) : bestSentence(answer, intents)),
    }));
  }
  const preface = ARCHIVE_IN_ENGLISH[language];
  return { response: [preface, ...paragraphs.map((p) => p.text)].filter((text) => text.length > 0).join('\n\n'), cited: paragraphs.map((p) => p.id) };
}
