import { Button, Card, Flex, Typography } from 'antd';
import { AnswerFeedback } from './AnswerFeedback.tsx';
import { AnswerText } from './AnswerText.tsx';
import type { Feedback, Source } from './chatApi.ts';
import { SourceLinks } from './SourceLinks.tsx';
import styles from './chat.module.css';

export interface ChatEntry {
  id: string;
  message: string;
  /** null while the answer is on its way. */
  response: string | null;
  askedAt: string;
  answeredAt: string;
  sources: Source[];
  followUps: string[];
  /** The user's mark of the answer; null while unmarked. */
  feedback: Feedback | null;
}

// Times users see follow India (ARCHITECTURE.md).
const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'Asia/Kolkata' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** Entries in order, under a heading per day. */
function byDay(entries: readonly ChatEntry[]): { day: string; entries: ChatEntry[] }[] {
  const days: { day: string; entries: ChatEntry[] }[] = [];
  for (const entry of entries) {
    const day = dayFormat.format(new Date(entry.askedAt));
    const last = days.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}

interface MessageListProps {
  entries: readonly ChatEntry[];
  /** The answer being typed out. */
  typingId: string | null;
  onTyped: () => void;
  onFollowUp: (question: string) => void;
  busy: boolean;
}

export function MessageList({ entries, typingId, onTyped, onFollowUp, busy }: MessageListProps) {
  if (entries.length === 0) {
    return (
      <Flex vertical align="center" className={styles.empty}>
        <h2 className={styles.emptyTitle}>No messages yet</h2>
        <Typography.Text type="secondary">Start by asking a question!</Typography.Text>
      </Flex>
    );
  }
  return (
    <div aria-live="polite">
      {byDay(entries).map(({ day, entries: ofDay }) => (
        <section key={day} aria-label={day}>
          <h2 className={styles.day}>{day}</h2>
          {ofDay.map((entry) => (
            <Flex key={entry.id} vertical gap="small" className={styles.entry}>
              <Card size="small" className={styles.question}>
                <Typography.Text>{entry.message}</Typography.Text>
                <Typography.Text type="secondary" className={styles.askedTime}>
                  {timeFormat.format(new Date(entry.askedAt))}
                </Typography.Text>
              </Card>
              <Card size="small" className={styles.answer}>
                {entry.response === null ? (
                  <Typography.Text type="secondary">Thinking...</Typography.Text>
                ) : (
                  <>
                    <AnswerText text={entry.response} typing={entry.id === typingId} onRevealed={onTyped} />
                    {entry.id !== typingId && <SourceLinks sources={entry.sources} />}
                    {entry.id !== typingId && entry.followUps.length > 0 && (
                      <Flex wrap gap={6} className={styles.followUps} aria-label="Follow-up questions">
                        {entry.followUps.map((question) => (
                          <Button
                            key={question}
                            size="small"
                            shape="round"
                            disabled={busy}
                            onClick={() => {
                              onFollowUp(question);
                            }}
                          >
                            {question}
                          </Button>
                        ))}
                      </Flex>
                    )}
                    <Flex justify="space-between" align="center" wrap gap={8}>
                      <Typography.Text type="secondary" className={styles.time}>
                        {timeFormat.format(new Date(entry.answeredAt))}
                      </Typography.Text>
                      {entry.id !== typingId && <AnswerFeedback id={entry.id} feedback={entry.feedback} />}
                    </Flex>
                  </>
                )}
              </Card>
            </Flex>
          ))}
        </section>
      ))}
    </div>
  );
}
