import { HINDI_FUNCTION_WORDS } from './question-hints.ts';

/** Words of a question, lower-cased, for an OR search: any of them may match; Hindi function words are left out. */
export const questionWords = (question: string): string[] =>
  [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((word) => !HINDI_FUNCTION_WORDS.has(word)).slice(0, 40);
