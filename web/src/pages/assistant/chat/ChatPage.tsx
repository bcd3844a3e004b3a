import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Typography, type InputRef } from 'antd';
import { useNavigate } from 'react-router-dom';
import { trackEvent } from '../../../analytics/track.ts';
import { ApiError } from '../../../api/client.ts';
import { ClearChatDialog, LimitDialog } from './ChatDialogs.tsx';
import { takePendingQuestion } from '../../../session/pendingQuestion.ts';
import { EMPTY_ANSWER_FALLBACK, askQuestion, clearHistory, historyQuery, queriesLeftQuery } from './chatApi.ts';
import { MessageList, type ChatEntry } from './MessageList.tsx';
import { SAMPLE_QUESTIONS } from '../../home/landing/sampleQuestions.ts';
import { SUGGESTION_BLOCKS } from './sampleQuestions.ts';
import { SampleStrip } from './SampleStrip.tsx';
import { SuggestionBlocks } from './SuggestionBlocks.tsx';

const PENDING_ID = 'pending';

/** The chat (spec sections 2, 4 and 8): history, the allowance, asking, and the dialogs around them. */
export function ChatPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useRef<InputRef>(null);
  const { data: allowance } = useQuery(queriesLeftQuery);
  const { data: history } = useQuery(historyQuery);
  const [entries, setEntries] = useState<ChatEntry[] | null>(null);
  const [question, setQuestion] = useState('');
  const [sending, setSending] = useState(false);
  const [typingId, setTypingId] = useState<string | null>(null);
  const [limitOpen, setLimitOpen] = useState(false);
  const [clearOpen, setClearOpen] = useState(false);
  const [similarDismissed, setSimilarDismissed] = useState(false);
  const busy = sending || typingId !== null;

  // The server's history (newest first) becomes the list once; later changes are local.
  const shown = useMemo(
    () =>
      entries ??
      (history?.history ?? [])
        .toReversed()
        .map((item): ChatEntry => ({ id: item.id, message: item.message, response: item.response, askedAt: item.created_at, answeredAt: item.created_at, sources: item.sources, followUps: [], feedback: item.feedback })),
    [entries, history],
  );

  // A question chosen before signing in is waiting in the input.
  useEffect(() => {
    const pending = takePendingQuestion();
    if (pending === null) return;
    setQuestion(pending);
    input.current?.focus();
  }, []);

  useEffect(() => {
    if (allowance?.queriesLeft === 0) setLimitOpen(true);
  }, [allowance?.queriesLeft]);

  const responses = shown.flatMap((entry) => (entry.response === null ? [] : [entry.response]));
  const similar = responses.length >= 2 && responses.at(-1) === responses.at(-2);

  const pick = (text: string) => {
    setQuestion(text);
    input.current?.focus();
  };

  const send = async () => {
    const message = question.trim();
    if (message === '' || busy) return;
    const now = new Date().toISOString();
    const pendingEntry: ChatEntry = { id: PENDING_ID, message, response: null, askedAt: now, answeredAt: now, sources: [], followUps: [], feedback: null };
    setEntries([...shown, pendingEntry]);
    setQuestion('');
    setSending(true);
    try {
      const answer = await askQuestion(message);
      // Counted once the server took it: a send refused at the limit is no message sent.
      trackEvent('chat_message_sent', { message_length: message.length });
      const answered: ChatEntry = { ...pendingEntry, id: answer.id, response: answer.response.trim() === '' ? EMPTY_ANSWER_FALLBACK : answer.response, answeredAt: new Date().toISOString(), sources: answer.sources, followUps: answer.followUps };
      setEntries((list) => (list ?? []).map((entry) => (entry.id === PENDING_ID ? answered : entry)));
      setTypingId(answer.id);
      void queryClient.invalidateQueries({ queryKey: queriesLeftQuery.queryKey });
    } catch (error) {
      setEntries((list) => (list ?? []).filter((entry) => entry.id !== PENDING_ID));
      if (error instanceof ApiError && error.status === 403) setLimitOpen(true);
    } finally {
      setSending(false);
    }
  };

  const onTyped = useCallback(() => {
    setTypingId(null);
  }, []);

  const confirmClear = async () => {
    setClearOpen(false);
    try {
      await clearHistory();
      trackEvent('chat_history_cleared', {});
      setEntries([]);
      setSimilarDismissed(false);
    } catch {
      // Spec section 8: a failed clear is silent.
    }
  };

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 860, margin: '0 auto', padding: 'clamp(16px, 4vw, 32px) 16px' }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 26 }}>
          Chat
        </Typography.Title>
        <Flex align="center" gap={12}>
          {allowance && <Typography.Text strong>Queries left: {allowance.queriesLeft}</Typography.Text>}
          {shown.length > 0 && (
            <Button onClick={() => { setClearOpen(true); }} disabled={busy}>
              Clear Chat
            </Button>
          )}
        </Flex>
      </Flex>

      {similar && !similarDismissed && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: () => { setSimilarDismissed(true); }, 'aria-label': 'Dismiss' }}
          title="Getting similar answers?"
          description="Try clearing the chat or rephrasing your question to get a fresh answer."
        />
      )}

      <MessageList entries={shown} typingId={typingId} onTyped={onTyped} onFollowUp={pick} busy={busy} />

      <SampleStrip questions={SAMPLE_QUESTIONS} onPick={pick} disabled={busy} />

      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Flex gap={8}>
          <Input
            ref={input}
            aria-label="Your question"
            value={question}
            maxLength={2000}
            disabled={busy}
            placeholder={busy ? 'Hold on… Answer coming up!' : 'Type your question here'}
            onChange={(event) => { setQuestion(event.target.value); }}
          />
          <Button type="primary" htmlType="submit" disabled={busy || question.trim() === ''} loading={sending}>
            Send
          </Button>
        </Flex>
      </form>

      <SuggestionBlocks blocks={SUGGESTION_BLOCKS} onPick={pick} disabled={busy} />

      <ClearChatDialog open={clearOpen} onConfirm={() => void confirmClear()} onCancel={() => { setClearOpen(false); }} />
      <LimitDialog
        open={limitOpen}
        onUpgrade={() => {
          setLimitOpen(false);
          void navigate('/profile#choose-a-plan');
        }}
        onLater={() => { setLimitOpen(false); }}
      />
    </Flex>
  );
}
