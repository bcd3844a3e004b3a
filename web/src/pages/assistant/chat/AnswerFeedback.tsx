import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Input, Popover, Typography } from 'antd';
import { DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { errorMessage } from '../../../api/errors.ts';
import { REASON_MAX, rateAnswer, type Feedback } from './chatApi.ts';
import styles from './chat.module.css';

/**
 * Under an answer: thumbs up and thumbs down, the chosen one pressed. Thumbs down marks the answer
 * at once and asks, optionally, why; sending a reason marks it again with the reason (a later mark
 * replaces the earlier one).
 */
export function AnswerFeedback({ id, feedback }: { id: string; feedback: Feedback | null }) {
  const [mark, setMark] = useState(feedback);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState(feedback?.reason ?? '');
  const rating = useMutation({
    mutationFn: (next: { helpful: boolean; reason?: string }) => rateAnswer(id, next),
    onSuccess: setMark,
  });
  // The mark being sent shows at once; a failed one falls back to the saved mark.
  const shown = rating.isPending ? rating.variables : mark;

  const helpful = () => {
    setAsking(false);
    if (mark?.helpful !== true) rating.mutate({ helpful: true });
  };
  const notHelpful = () => {
    if (mark?.helpful !== false) rating.mutate({ helpful: false });
  };

  return (
    <Flex align="center" gap={4} role="group" aria-label="Was this answer helpful?">
      <Button
        type="text"
        size="small"
        aria-label="Helpful"
        aria-pressed={shown?.helpful === true}
        icon={shown?.helpful === true ? <LikeFilled /> : <LikeOutlined />}
        onClick={helpful}
      />
      <Popover
        open={asking}
        onOpenChange={setAsking}
        trigger="click"
        placement="bottomRight"
        title="Tell us why"
        content={
          <ReasonForm
            reason={reason}
            onChange={setReason}
            sending={rating.isPending}
            onSend={() => {
              rating.mutate(
                { helpful: false, reason },
                {
                  onSuccess: () => {
                    setAsking(false);
                  },
                },
              );
            }}
            onClose={() => {
              setAsking(false);
            }}
          />
        }
      >
        <Button
          type="text"
          size="small"
          aria-label="Not helpful"
          aria-pressed={shown?.helpful === false}
          aria-expanded={asking}
          icon={shown?.helpful === false ? <DislikeFilled /> : <DislikeOutlined />}
          onClick={notHelpful}
        />
      </Popover>
      {/* The message list around it is a polite live region: both are read out as they appear. */}
      {rating.isError && (
        <Typography.Text type="danger" className={styles.note}>
          {errorMessage('rateAnswer', rating.error)}
        </Typography.Text>
      )}
      {rating.isSuccess && (
        <Typography.Text type="secondary" className={styles.note}>
          Thanks for your feedback
        </Typography.Text>
      )}
    </Flex>
  );
}

interface ReasonFormProps {
  reason: string;
  onChange: (reason: string) => void;
  sending: boolean;
  onSend: () => void;
  onClose: () => void;
}

/** Why the answer was not helpful, in the user's words (optional), sent with the thumbs down. */
function ReasonForm({ reason, onChange, sending, onSend, onClose }: ReasonFormProps) {
  return (
    <form
      aria-label="Why this answer was not helpful"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <Flex vertical gap="small" className={styles.reasonForm}>
        <Input.TextArea
          aria-label="Why was this answer not helpful? (optional)"
          placeholder="What was missing or wrong? (optional)"
          autoFocus
          rows={3}
          maxLength={REASON_MAX}
          showCount
          value={reason}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        <Flex justify="end" gap="small">
          <Button size="small" onClick={onClose}>
            Close
          </Button>
          <Button size="small" type="primary" htmlType="submit" loading={sending}>
            Send
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
