import type { Logger } from '@betterplus/kit';
import OpenAI from 'openai';
import { sendWhole, type Answer, type Answerer, type AnswerPart } from '../domain/answerer.ts';
import { citationFilter, citedIds, NOT_IN_ARCHIVE, withoutCitations } from '../domain/citations.ts';
import { abstention, relatedQuestions, sourceOf } from '../domain/extractive-answerer.ts';
import { outOfScopeKind } from '../domain/out-of-scope.ts';
import { languageOf } from '../domain/query-language.ts';
import type { Candidate, CandidateEntry, Retrieve } from '../domain/retrieval.ts';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

const instructions = [
  'You answer questions about social impact in India for Better+, using only the archive entries given below.',
  'Use no other knowledge. If the entries do not answer the question, reply with exactly NOT_IN_ARCHIVE.',
  'Cite every entry you use by its id in square brackets, for example [goonj], right after the sentence that uses it.',
  'Write at most 150 words in plain sentences. You may use markdown bold for names and italics; no headings, lists, links or tables.',
  'Answer in the language of the question: Hindi in Devanagari when it is asked in Devanagari, Hinglish (Hindi in Latin letters) when asked so, English otherwise; keep names and citations as they are.',
].join(' ');

/** Passages of each entry given to the model: its closest to the question, in the entry's order. */
const PROMPT_PASSAGES = 4;

function promptFor(question: string, candidates: readonly Candidate[]): string {
  const blocks = candidates.map(({ entry, passages }) => {
    const closest = passages
      .filter((p) => p.part === 'body')
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, PROMPT_PASSAGES)
      .sort((a, b) => a.n - b.n);
    return `[${entry.id}] ${entry.title} (${entry.kind})\n${entry.summary}\n${closest.map((p) => p.text).join(' ')}`;
  });
  return `Archive entries:\n\n${blocks.join('\n\n')}\n\nQuestion: ${question}`;
}

/**
 * Any OpenAI-compatible endpoint (OpenAI, or a local model server) through the `openai` SDK. The
 * prompt holds only the retrieved entries; every id the model cites must be one of them. On an
 * error, a timeout, or a citation of anything else, the extractive answer is given instead.
 */
export function createOpenAiAnswerer(retrieve: Retrieve, settings: OpenAiSettings, fallback: Answerer, logger: Logger): Answerer {
  // Retries are the fallback's job: a user is waiting.
  const client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey ?? 'not-needed', maxRetries: 0 });

  const complete = async (prompt: string, signal: AbortSignal, onPart?: (part: AnswerPart) => void): Promise<string> => {
    const messages = [
      { role: 'system' as const, content: instructions },
      { role: 'user' as const, content: prompt },
    ];
    if (!onPart) {
      const completion = await client.chat.completions.create({ model: settings.model, messages, temperature: 0.2 }, { signal });
      return completion.choices[0]?.message.content ?? '';
    }
    const stream = await client.chat.completions.create({ model: settings.model, messages, temperature: 0.2, stream: true }, { signal });
    const shown = citationFilter();
    const show = (text: string) => {
      if (text) onPart({ kind: 'delta', text });
    };
    let text = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta.content ?? '';
      text += delta;
      show(shown.push(delta));
    }
    show(shown.end());
    return text;
  };

  return {
    async answer(question, { signal, onPart }) {
      if (outOfScopeKind(question)) return sendWhole(abstention(languageOf(question)), onPart);
      const retrieval = await retrieve(question);
      const candidates = retrieval.answers.slice(0, 5);
      const found = candidates.map((candidate) => candidate.entry);
      if (found.length === 0) return sendWhole(abstention(retrieval.language, relatedQuestions(retrieval)), onPart);
      // What was streamed of an answer that is replaced is withdrawn first.
      const instead = (next: () => Answer | Promise<Answer>): Answer | Promise<Answer> => {
        onPart?.({ kind: 'restart' });
        return next();
      };
      onPart?.({ kind: 'sources', sources: found.map(sourceOf) });
      try {
        const given = answerFrom((await complete(promptFor(question, candidates), signal, onPart)).trim(), found);
        // The model found no answer in the entries: abstain as the extractive answerer does, offering their questions.
        const answer = given?.abstained ? abstention(retrieval.language, relatedQuestions(retrieval)) : given;
        if (answer && !answer.abstained) return answer;
        return await instead(() => (answer ? sendWhole(answer, onPart) : fallback.answer(question, { signal, onPart })));
      } catch (error) {
        if (signal.aborted) throw error;
        logger.warn({ err: error }, 'the answer model failed; answering from the archive instead');
        return instead(() => fallback.answer(question, { signal, onPart }));
      }
    },
  };
}

/** The model's text as an answer, or undefined when it cannot be trusted (empty, or citing what was not retrieved). */
export function answerFrom(text: string, retrieved: readonly CandidateEntry[]): Answer | undefined {
  if (text.includes(NOT_IN_ARCHIVE)) return abstention('en');
  const cited = citedIds(text);
  const byId = new Map(retrieved.map((entry) => [entry.id, entry]));
  if (cited.length === 0 || cited.some((id) => !byId.has(id))) return undefined;
  const response = withoutCitations(text);
  if (!response) return undefined;
  const sources = cited.flatMap((id) => {
    const entry = byId.get(id);
    return entry ? [sourceOf(entry)] : [];
  });
  const followUps = retrieved
    .filter((entry) => !cited.includes(entry.id))
    .flatMap((entry) => entry.questions.slice(0, 1))
    .slice(0, 3);
  return { response, sources, followUps, abstained: false };
}
