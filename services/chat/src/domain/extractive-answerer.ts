import { ABSTENTION, sendWhole, type Answer, type Answerer, type AnswerSource } from './answerer.ts';
import { compose, subjectWords } from './compose.ts';
import { outOfScopeKind } from './out-of-scope.ts';
import { languageOf, type QuestionLanguage } from './query-language.ts';
import type { Candidate, CandidateEntry, Retrieval, Retrieve } from './retrieval.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names of the cited entries in bold, each where it first appears in the answer. */
function boldNames(text: string, titles: readonly string[]): string {
  return titles.reduce((answer, title) => answer.replace(new RegExp(`(?<![\\p{L}*])${escapeRegExp(title)}(?![\\p{L}*])`, 'u'), `**${title}**`), text);
}

export const sourceOf = (entry: Pick<CandidateEntry, 'id' | 'title' | 'kind' | 'sources'>): AnswerSource => ({
  id: entry.id,
  title: entry.title,
  kind: entry.kind,
  url: entry.sources[0]?.url ?? '',
});

/** The abstention, with a sentence in Hindi before it for a question asked in Hindi. */
const NOT_IN_ARCHIVE_HINDI: Readonly<Record<QuestionLanguage, string>> = {
  en: '',
  hinglish: 'Yeh jaankari abhi hamare archive mein nahi hai.',
  hi: 'यह जानकारी अभी हमारे संग्रह में नहीं है।',
};

/** The abstention, with the questions the archive answers near the one asked (relatedQuestions) to try instead. */
export function abstention(language: QuestionLanguage, followUps: string[] = []): Answer {
  const preface = NOT_IN_ARCHIVE_HINDI[language];
  return { response: preface ? `${preface}\n\n${ABSTENTION}` : ABSTENTION, sources: [], followUps, abstained: true };
}

/**
 * After an abstention: of each entry near the question, the question it was written to answer
 * that comes nearest the one asked. A question the archive answers in other words is then one
 * click from its answer; nothing is claimed about it until it is asked.
 */
export function relatedQuestions(retrieval: Pick<Retrieval, 'answers' | 'related'>): string[] {
  const nearest = (candidate: Candidate) =>
    candidate.passages.filter((passage) => passage.part === 'question').sort((a, b) => b.similarity - a.similarity)[0]?.text ?? [];
  return [...new Set([...retrieval.answers, ...retrieval.related].flatMap(nearest))].slice(0, 3);
}

/** Questions the other close entries answer, for the user to ask next. */
function followUpsOf(retrieval: Retrieval, question: string, cited: readonly string[]): string[] {
  const asked = question.trim().toLowerCase();
  return retrieval.answers
    .filter((candidate) => !cited.includes(candidate.entryId))
    .concat(retrieval.answers.filter((candidate) => cited.includes(candidate.entryId)))
    .flatMap((candidate) => candidate.entry.questions.slice(0, 1))
    .filter((candidate) => candidate.toLowerCase() !== asked)
    .slice(0, 3);
}

/**
 * The embedded answerer, no network: retrieves the entries that answer the question (by meaning
 * and by words, with the relevance decision), composes the answer from their sentences that give
 * what was asked, and cites the entries quoted; abstains when none answers.
 */
export function createExtractiveAnswerer(retrieve: Retrieve): Answerer {
  return {
    async answer(question, { signal, onPart }) {
      if (outOfScopeKind(question)) return sendWhole(abstention(languageOf(question)), onPart);
      const retrieval = await retrieve(question);
      signal.throwIfAborted();
      const composed = compose(retrieval.answers, { intents: retrieval.intents, words: subjectWords(retrieval.english) }, retrieval.language);
      if (!composed) return sendWhole(abstention(retrieval.language, relatedQuestions(retrieval)), onPart);
      const cited = composed.cited.flatMap((id) => retrieval.answers.find((candidate) => candidate.entryId === id)?.entry ?? []);
      return sendWhole(
        {
          response: boldNames(
            composed.response,
            cited.map((entry) => entry.title),
          ),
          sources: cited.map(sourceOf),
          followUps: followUpsOf(retrieval, question, composed.cited),
          abstained: false,
        },
        onPart,
      );
    },
  };
}
