import { Button, Card, Flex, Typography } from 'antd';
import { AnswerFeedback } from './AnswerFeedback.tsx';
import { AnswerText } from './AnswerText.tsx';
import type { Feedback, Source } from './chatApi.ts';
import { SourceLinks } from './SourceLinks.tsx';

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
      <Flex vertical align="center" style={{ padding: '48px 16px', textAlign: 'center' }}>
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          No messages yet
        </Typography.Title>
        <Typography.Text type="secondary">Start by asking a question!</Typography.Text>
      </Flex>
    );
  }
  return (
    <div aria-live="polite">
      {byDay(entries).map(({ day, entries: ofDay }) => (
        <section key={day} aria-label={day}>
          <Typography.Title level={2} style={{ fontSize: 14, textAlign: 'center', margin: '16px 0 8px', fontWeight: 500 }} type="secondary">
            {day}
          </Typography.Title>
          {ofDay.map((entry) => (
            <Flex key={entry.id} vertical gap={8} style={{ marginBottom: 16 }}>
              <Card size="small" style={{ alignSelf: 'flex-end', maxWidth: '85%', background: 'var(--ant-color-primary-bg)' }}>
                <Typography.Text>{entry.message}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, textAlign: 'right' }}>
                  {timeFormat.format(new Date(entry.askedAt))}
                </Typography.Text>
              </Card>
              <Card size="small" style={{ alignSelf: 'flex-start', maxWidth: '85%' }}>
                {entry.response === null ? (
                  <Typography.Text type="secondary">Thinking...</Typography.Text>
                ) : (
                  <>
                    <AnswerText text={entry.response} typing={entry.id === typingId} onRevealed={onTyped} />
                    {entry.id !== typingId && <SourceLinks sources={entry.sources} />}
                    {entry.id !== typingId && entry.followUps.length > 0 && (
                      <Flex wrap gap={6} style={{ marginTop: 8 }} aria-label="Follow-up questions">
                        {entry.followUps.map((question) => (
                          <Button key={question} size="small" shape="round" disabled={busy} onClick={() => { onFollowUp(question); }}>
                            {question}
                          </Button>
                        ))}
                      </Flex>
                    )}
                    <Flex justify="space-between" align="center" wrap gap={8}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
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
