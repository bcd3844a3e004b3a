// The chat calls (spec section 7) and their answers' shapes.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, dataOf } from '../../../api/client.ts';
import type { Answer as Answered, Body } from '../../../api/contract.ts';
import { PLAN_PENDING_RETRIES, PLAN_PENDING_RETRY_MS } from '../../../app/timings.ts';

/** The answer to a question, with the entries it drew on and questions to ask next. */
export type Answer = Answered<'/api/chat', 'post'>;

/** An entry of the knowledge base an answer drew on. */
export type Source = Answer['sources'][number];

/** The user's mark of an answer: why, in the user's words, is null when none was given. */
export type Feedback = Answered<'/api/chat/history/{id}/feedback', 'put'>;

/** The longest reason the server keeps, once trimmed. */
export const REASON_MAX = 500;

/** A question and its answer in the history: response is null while the answer is being written, feedback while unmarked. */
export type HistoryItem = Answered<'/api/chat/history', 'get'>['history'][number];

/**
 * A new account reaches /chat before billing's plan has reached chat (409 PLAN_PENDING, usually
 * for well under a second): asked again until it has, so the allowance shows without a reload.
 * Any other failure will not change on a retry.
 */
export const retryWhilePlanPending = (failureCount: number, error: Error): boolean =>
  error instanceof ApiError && error.code === 'PLAN_PENDING' && failureCount < PLAN_PENDING_RETRIES;

export const queriesLeftQuery = queryOptions({
  queryKey: ['chat', 'queries-left'],
  queryFn: () => dataOf(api.GET('/api/chat/queries-left')),
  retry: retryWhilePlanPending,
  retryDelay: PLAN_PENDING_RETRY_MS,
});

export const historyQuery = queryOptions({
  queryKey: ['chat', 'history'],
  queryFn: () => dataOf(api.GET('/api/chat/history')),
  retry: false,
});

export const askQuestion = (message: string) => dataOf(api.POST('/api/chat', { body: { message } }));

export const clearHistory = () => dataOf(api.DELETE('/api/chat/history'));

/** Marks answer `id`, replacing an earlier mark; a blank reason is none. */
export const rateAnswer = (id: string, mark: Body<'/api/chat/history/{id}/feedback', 'put'>) =>
  dataOf(api.PUT('/api/chat/history/{id}/feedback', { params: { path: { id } }, body: mark }));

/** What shows when the server answers with nothing (spec section 8). */
export const EMPTY_ANSWER_FALLBACK =
  "I'm sorry, I couldn't find an answer to that question. Please try asking something more specific or choose one of our sample questions for inspiration.";
