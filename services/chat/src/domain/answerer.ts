/** An entry an answer drew on, shown under it as a link. */
export interface AnswerSource {
  id: string;
  title: string;
  kind: string;
  url: string;
}

export interface Answer {
  /** Never empty; markdown bold and italic only. */
  response: string;
  sources: AnswerSource[];
  followUps: string[];
  /** Nothing in the knowledge base fits the question: the response says so. */
  abstained: boolean;
}

/**
 * A piece of an answer as it is written: the entries it draws on, then its text. `restart`
 * withdraws every part sent before it (a model's answer that could not be trusted, replaced by
 * another); the text of the deltas since the last restart is the answer's response.
 */
export type AnswerPart = { kind: 'sources'; sources: AnswerSource[] } | { kind: 'delta'; text: string } | { kind: 'restart' };

/** The answers port: the embedded extractive answerer, or a model behind an OpenAI-compatible endpoint. */
export interface Answerer {
  /** `onPart` receives the answer as it is written. */
  answer(question: string, options: { signal: AbortSignal; onPart?: ((part: AnswerPart) => void) | undefined }): Promise<Answer>;
}

/** A finished answer as parts: its sources, then its text a few words at a time. */
export function sendWhole(answer: Answer, onPart: ((part: AnswerPart) => void) | undefined): Answer {
  if (!onPart) return answer;
  onPart({ kind: 'sources', sources: answer.sources });
  for (const words of answer.response.match(/(?:\S+\s*){1,4}/g) ?? []) onPart({ kind: 'delta', text: words });
  return answer;
}

/** What Better+ says when its archive holds nothing that fits. */
export const ABSTENTION =
  "That isn't in our archive yet. Better+ answers questions about social impact in India: organisations, solutions, success stories, guides, changemakers and government schemes. Try asking about one of those, or pick a sample question.";
