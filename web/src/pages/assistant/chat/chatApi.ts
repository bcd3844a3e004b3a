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

export interface HistoryItem {
  id: string;
  message: string;
  /** null while the answer is being written. */
  response: string | null;
  created_at: string;
  sources: Source[];
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

/** What shows when the server answers with nothing (spec section 8). */
export const EMPTY_ANSWER_FALLBACK =
  "I'm sorry, I couldn't find an answer to that question. Please try asking something more specific or choose one of our sample questions for inspiration.";
