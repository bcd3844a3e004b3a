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

/** The answers port: the embedded extractive answerer, or a model behind an OpenAI-compatible endpoint. */
export interface Answerer {
  /** `onDelta` receives the text as it is written, where the adapter can stream it. */
  answer(question: string, options: { signal: AbortSignal; onDelta?: (text: string) => void }): Promise<Answer>;
}

/** What Better+ says when its archive holds nothing that fits. */
export const ABSTENTION =
  "That isn't in our archive yet. Better+ answers questions about social impact in India: organisations, solutions, success stories, guides, changemakers and government schemes. Try asking about one of those, or pick a sample question.";
