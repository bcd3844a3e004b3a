// The chat calls (spec section 7) and their answers' shapes.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

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

export const queriesLeftQuery = queryOptions({
  queryKey: ['chat', 'queries-left'],
  queryFn: () => api.get<{ queriesLeft: number }>('/api/chat/queries-left'),
  retry: false,
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
