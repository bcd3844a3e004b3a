import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '../../../analytics/track.ts';
import { ApiError } from '../../../api/client.ts';
import { EMPTY_ANSWER_FALLBACK, askQuestion, clearHistory, historyQuery, queriesLeftQuery, type Answer, type HistoryItem } from './chatApi.ts';
import type { ChatEntry } from './MessageList.tsx';

const PENDING_ID = 'pending';

/** The server's history (newest first) as the list shows it (oldest first). */
const entriesOf = (history: readonly HistoryItem[]): ChatEntry[] =>
  history.toReversed().map((item) => ({
    id: item.id,
    message: item.message,
    response: item.response,
    askedAt: item.created_at,
    answeredAt: item.created_at,
    sources: item.sources,
    followUps: [],
    feedback: item.feedback,
  }));

const answered = (entry: ChatEntry, answer: Answer): ChatEntry => ({
  ...entry,
  id: answer.id,
  response: answer.response.trim() === '' ? EMPTY_ANSWER_FALLBACK : answer.response,
  answeredAt: new Date().toISOString(),
  sources: answer.sources,
  followUps: answer.followUps,
});

/**
 * The conversation of the chat page: the server's history, then what is asked and cleared here.
 * A question shows at once with its answer pending; the answer replaces it and is typed out
 * (`typingId`) while nothing else may be sent. `onLimitReached` hears of a send refused with 403.
 */
export function useConversation(onLimitReached: () => void) {
  const queryClient = useQueryClient();
  const { data: history } = useQuery(historyQuery);
  // The server's history becomes the list once; later changes are local.
  const [local, setLocal] = useState<ChatEntry[] | null>(null);
  const [typingId, setTypingId] = useState<string | null>(null);
  const entries = useMemo(() => local ?? entriesOf(history?.history ?? []), [local, history]);

  const ask = useMutation({
    mutationFn: askQuestion,
    onMutate: (message) => {
      const now = new Date().toISOString();
      setLocal([...entries, { id: PENDING_ID, message, response: null, askedAt: now, answeredAt: now, sources: [], followUps: [], feedback: null }]);
    },
    onSuccess: (answer, message) => {
      // Counted once the server took it: a send refused at the limit is no message sent.
      trackEvent('chat_message_sent', { message_length: message.length });
      setLocal((list) => (list ?? []).map((entry) => (entry.id === PENDING_ID ? answered(entry, answer) : entry)));
      setTypingId(answer.id);
      void queryClient.invalidateQueries({ queryKey: queriesLeftQuery.queryKey });
    },
    onError: (error) => {
      setLocal((list) => (list ?? []).filter((entry) => entry.id !== PENDING_ID));
      if (error instanceof ApiError && error.status === 403) onLimitReached();
    },
  });

  // Spec section 8: a failed clear is silent.
  const clear = useMutation({
    mutationFn: clearHistory,
    onSuccess: () => {
      trackEvent('chat_history_cleared', {});
      setLocal([]);
    },
  });

  const onTyped = useCallback(() => {
    setTypingId(null);
  }, []);

  return { entries, typingId, onTyped, ask, clear, busy: ask.isPending || typingId !== null };
}
