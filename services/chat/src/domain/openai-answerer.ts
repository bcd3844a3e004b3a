import type { Logger, Queryable } from '@betterplus/kit';
import OpenAI from 'openai';
import { bestSentences, searchKnowledge, type FoundEntry } from '../db/knowledge.ts';
import { ABSTENTION, type Answer, type Answerer } from './answerer.ts';
import { fits, sourceOf } from './extractive-answerer.ts';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

/** What the model writes when the entries do not answer the question. */
const NOT_IN_ARCHIVE = 'NOT_IN_ARCHIVE';

const instructions = [
  'You answer questions about social impact in India for Better+, using only the archive entries given below.',
  'Use no other knowledge. If the entries do not answer the question, reply with exactly NOT_IN_ARCHIVE.',
  'Cite every entry you use by its id in square brackets, for example [goonj], right after the sentence that uses it.',
  'Write at most 150 words in plain sentences. You may use markdown bold for names and italics; no headings, lists, links or tables.',
].join(' ');

async function promptFor(db: Queryable, question: string, entries: readonly FoundEntry[]): Promise<string> {
  const blocks = await Promise.all(
    entries.map(async (entry) => `[${entry.id}] ${entry.title} (${entry.kind})\n${entry.summary}\n${(await bestSentences(db, entry.id, question, 6)).join(' ')}`),
  );
  return `Archive entries:\n\n${blocks.join('\n\n')}\n\nQuestion: ${question}`;
}

/**
 * Any OpenAI-compatible endpoint (OpenAI, or a local model server) through the `openai` SDK. The
 * prompt holds only the retrieved entries; every id the model cites must be one of them. On an
 * error, a timeout, or a citation of anything else, the extractive answer is given instead.
 */
export function createOpenAiAnswerer(db: Queryable, settings: OpenAiSettings, fallback: Answerer, logger: Logger): Answerer {
  // Retries are the fallback's job: a user is waiting.
  const client = new OpenAI({ baseURL: settings.baseUrl, apiKey: settings.apiKey ?? 'not-needed', maxRetries: 0 });

  const complete = async (prompt: string, signal: AbortSignal, onDelta?: (text: string) => void): Promise<string> => {
    const messages = [
      { role: 'system' as const, content: instructions },
      { role: 'user' as const, content: prompt },
    ];
    if (!onDelta) {
      const completion = await client.chat.completions.create({ model: settings.model, messages, temperature: 0.2 }, { signal });
      return completion.choices[0]?.message.content ?? '';
    }
    const stream = await client.chat.completions.create({ model: settings.model, messages, temperature: 0.2, stream: true }, { signal });
    let text = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta.content ?? '';
      text += delta;
      if (delta) onDelta(delta);
    }
    return text;
  };

  return {
    async answer(question, options) {
      const found = (await searchKnowledge(db, question, 5)).filter(fits);
      if (found.length === 0) return { response: ABSTENTION, sources: [], followUps: [], abstained: true };
      try {
        const text = (await complete(await promptFor(db, question, found), options.signal, options.onDelta)).trim();
        return answerFrom(text, found) ?? (await fallback.answer(question, { signal: options.signal }));
      } catch (error) {
        if (options.signal.aborted) throw error;
        logger.warn({ err: error }, 'the answer model failed; answering from the archive instead');
        return fallback.answer(question, { signal: options.signal });
      }
    },
  };
}

/** The model's text as an answer, or undefined when it cannot be trusted (empty, or citing what was not retrieved). */
export function answerFrom(text: string, retrieved: readonly FoundEntry[]): Answer | undefined {
  if (text.includes(NOT_IN_ARCHIVE)) return { response: ABSTENTION, sources: [], followUps: [], abstained: true };
  const cited = [...new Set([...text.matchAll(/\[([a-z0-9]+(?:-[a-z0-9]+)*)\]/g)].map((match) => match[1] ?? ''))];
  const byId = new Map(retrieved.map((entry) => [entry.id, entry]));
  if (cited.length === 0 || cited.some((id) => !byId.has(id))) return undefined;
  const response = text.replace(/\s*\[[a-z0-9]+(?:-[a-z0-9]+)*\]/g, '').trim();
  if (!response) return undefined;
  const sources = cited.flatMap((id) => {
    const entry = byId.get(id);
    return entry ? [sourceOf(entry)] : [];
  });
  const followUps = retrieved.filter((entry) => !cited.includes(entry.id)).flatMap((entry) => entry.questions.slice(0, 1)).slice(0, 3);
  return { response, sources, followUps, abstained: false };
}
