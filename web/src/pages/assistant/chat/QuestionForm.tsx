import type { Ref } from 'react';
import { Button, Flex, Input, type InputRef } from 'antd';

interface QuestionFormProps {
  inputRef: Ref<InputRef>;
  question: string;
  onChange: (question: string) => void;
  onSend: () => void;
  /** A question is on its way or its answer is being typed out: nothing more may be sent. */
  busy: boolean;
  sending: boolean;
}

/** The question input and Send; Enter sends too. */
export function QuestionForm({ inputRef, question, onChange, onSend, busy, sending }: QuestionFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <Flex gap="small">
        <Input
          ref={inputRef}
          aria-label="Your question"
          value={question}
          maxLength={2000}
          disabled={busy}
          placeholder={busy ? 'Hold on… Answer coming up!' : 'Type your question here'}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        <Button type="primary" htmlType="submit" disabled={busy || question.trim() === ''} loading={sending}>
          Send
        </Button>
      </Flex>
    </form>
  );
}
