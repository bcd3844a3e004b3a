// The chat calls (spec section 7) and their answers' shapes.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../api/client.ts';
import { PLAN_PENDING_RETRIES, PLAN_PENDING_RETRY_MS } from '../../../app/timings.ts';

export interface Source {
  id: string;
  title: string;
  kind: string;
  url: string;
}

/** The user's mark of an answer. */
export interface Feedback {
  helpful: boolean;
  /** Why, in the user's words; null when none was given. */
  reason: string | null;
}

/** The longest reason the server keeps, once trimmed. */
export const REASON_MAX = 500;

export interface HistoryItem {
  id: string;
  message: string;
  /** null while the answer is being written. */
  response: string | null;
  created_at: string;
  sources: Source[];
  /** null while unmarked. */
  feedback: Feedback | null;
}

export interface Answer {
  id: string;
  response: string;
  sources: Source[];
  followUps: string[];
}

/**
 * A new account reaches /chat before billing's plan has reached chat (409 PLAN_PENDING, usually
 * for well under a second): asked again until it has, so the allowance shows without a reload.
 * Any other failure will not change on a retry.
 */
export const retryWhilePlanPending = (failureCount: number, error: Error): boolean =>
  error instanceof ApiError && error.code === 'PLAN_PENDING' && failureCount < PLAN_PENDING_RETRIES;

export const queriesLeftQuery = queryOptions({
  queryKey: ['chat', 'queries-left'],
  queryFn: () => api.get<{ queriesLeft: number }>('/api/chat/queries-left'),
  retry: retryWhilePlanPending,
  retryDelay: PLAN_PENDING_RETRY_MS,
});

export const historyQuery = queryOptions({
  queryKey: ['chat', 'history'],
  queryFn: () => api.get<{ history: HistoryItem[] }>('/api/chat/history'),
  retry: false,
});

export const askQuestion = (message: string) => api.post<Answer>('/api/chat', { message });

export const clearHistory = () => api.delete<{ cleared: number }>('/api/chat/history');

/** Marks answer `id`, replacing an earlier mark; a blank reason is none. */
export const rateAnswer = (id: string, mark: { helpful: boolean; reason?: string }) => api.put<Feedback>(`/api/chat/history/${encodeURIComponent(id)}/feedback`, mark);

/** What shows when the server answers with nothing (spec section 8). */
export const EMPTY_ANSWER_FALLBACK =
  "I'm sorry, I couldn't find an answer to that question. Please try asking something more specific or choose one of our sample questions for inspiration.";
