import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { SAMPLE_QUESTIONS, SUGGESTION_BLOCKS } from '../../../questions/sampleQuestions.ts';
import { ClearChatDialog, LimitDialog } from './ChatDialogs.tsx';
import { queriesLeftQuery } from './chatApi.ts';
import { MessageList, type ChatEntry } from './MessageList.tsx';
import { QuestionForm } from './QuestionForm.tsx';
import { SampleStrip } from './SampleStrip.tsx';
import { SuggestionBlocks } from './SuggestionBlocks.tsx';
import { useConversation } from './useConversation.ts';
import { useQuestionInput } from './useQuestionInput.ts';

/** The last two answers read the same: the user is likely going round in circles. */
function lastAnswersAlike(entries: readonly ChatEntry[]): boolean {
  const responses = entries.flatMap((entry) => (entry.response === null ? [] : [entry.response]));
  return responses.length >= 2 && responses.at(-1) === responses.at(-2);
}

/** The chat (spec sections 2, 4 and 8): history, the allowance, asking, and the dialogs around them. */
export function ChatPage() {
  const navigate = useNavigate();
  const { data: allowance } = useQuery(queriesLeftQuery);
  const [limitOpen, setLimitOpen] = useState(false);
  const [clearOpen, setClearOpen] = useState(false);
  const [similarDismissed, setSimilarDismissed] = useState(false);
  const { input, question, setQuestion, pick } = useQuestionInput();
  const { entries, typingId, onTyped, ask, clear, busy } = useConversation(() => {
    setLimitOpen(true);
  });

  useEffect(() => {
    if (allowance?.queriesLeft === 0) setLimitOpen(true);
  }, [allowance?.queriesLeft]);

  const send = () => {
    const message = question.trim();
    if (message === '' || busy) return;
    setQuestion('');
    ask.mutate(message);
  };

  const actions = (
    <ChatActions
      queriesLeft={allowance?.queriesLeft}
      canClear={entries.length > 0}
      busy={busy}
      onClear={() => {
        setClearOpen(true);
      }}
    />
  );

  return (
    <PageLayout width="medium" title="Chat" actions={actions}>
      <Flex vertical gap="middle">
        {lastAnswersAlike(entries) && !similarDismissed && (
          <SimilarAnswersTip
            onDismiss={() => {
              setSimilarDismissed(true);
            }}
          />
        )}
        <MessageList entries={entries} typingId={typingId} onTyped={onTyped} onFollowUp={pick} busy={busy} />
        <SampleStrip questions={SAMPLE_QUESTIONS} onPick={pick} disabled={busy} />
        <QuestionForm inputRef={input} question={question} onChange={setQuestion} onSend={send} busy={busy} sending={ask.isPending} />
        <SuggestionBlocks blocks={SUGGESTION_BLOCKS} onPick={pick} disabled={busy} />
      </Flex>

      <ClearChatDialog
        open={clearOpen}
        onConfirm={() => {
          setClearOpen(false);
          clear.mutate(undefined, {
            onSuccess: () => {
              setSimilarDismissed(false);
            },
          });
        }}
        onCancel={() => {
          setClearOpen(false);
        }}
      />
      <LimitDialog
        open={limitOpen}
        onUpgrade={() => {
          setLimitOpen(false);
          void navigate('/profile#choose-a-plan');
        }}
        onLater={() => {
          setLimitOpen(false);
        }}
      />
    </PageLayout>
  );
}

/** Beside the title: the queries left this period, and Clear Chat once there is something to clear. */
function ChatActions({ queriesLeft, canClear, busy, onClear }: { queriesLeft: number | undefined; canClear: boolean; busy: boolean; onClear: () => void }) {
  return (
    <Flex align="center" gap="middle">
      {queriesLeft !== undefined && <Typography.Text strong>Queries left: {queriesLeft}</Typography.Text>}
      {canClear && (
        <Button onClick={onClear} disabled={busy}>
          Clear Chat
        </Button>
      )}
    </Flex>
  );
}

function SimilarAnswersTip({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Alert
      type="info"
      showIcon
      closable={{ onClose: onDismiss, 'aria-label': 'Dismiss' }}
      title="Getting similar answers?"
      description="Try clearing the chat or rephrasing your question to get a fresh answer."
    />
  );
}
