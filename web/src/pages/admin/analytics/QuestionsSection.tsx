import type { ReactNode } from 'react';
import { Card, Col, Row, Table, Typography } from 'antd';
import { entryPath } from '../../knowledge/knowledgeApi.ts';
import type { Analytics } from '../api/adminApi.ts';
import { formatCount } from '../format.ts';
import styles from '../admin.module.css';

type AskedQuestion = Analytics['topQuestions'][number];
type NotHelpfulAnswer = Analytics['notHelpfulAnswers'][number];

const cardTitle = (title: string) => <h3 className={styles.cardTitle}>{title}</h3>;

/** A cell's list, one line per item, or a dash when there is none. */
function Lines({ items, render }: { items: readonly string[]; render: (item: string) => ReactNode }) {
  if (items.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul className={styles.lines}>
      {/* Two users may give the same reason: the position keeps the keys apart. */}
      {items.map((item, position) => (
        <li key={`${String(position)}:${item}`}>{render(item)}</li>
      ))}
    </ul>
  );
}

/** Answers users marked not helpful, by question: what to mend in the knowledge base or the answers. */
function NotHelpfulTable({ answers }: { answers: NotHelpfulAnswer[] }) {
  return (
    <Card className={styles.figure} title={cardTitle('Not Helpful Answers')}>
      <Typography.Paragraph type="secondary">
        Questions whose answers users marked not helpful in this period, with their latest reasons and the entries the answers cited.
      </Typography.Paragraph>
      <Table
        rowKey="question"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={answers}
        columns={[
          { key: 'question', title: 'Question', dataIndex: 'question' },
          { key: 'count', title: 'Times Marked', dataIndex: 'count', align: 'right', render: (count: number) => formatCount(count) },
          {
            key: 'reasons',
            title: 'Latest Reasons',
            dataIndex: 'reasons',
            render: (reasons: string[]) => <Lines items={reasons} render={(reason) => reason} />,
          },
          {
            key: 'sources',
            title: 'Sources Cited',
            dataIndex: 'sources',
            render: (sources: string[]) => (
              <Lines
                items={sources}
                render={(id) => (
                  <Typography.Link href={entryPath(id)} target="_blank" rel="noopener noreferrer">
                    {id}
                  </Typography.Link>
                )}
              />
            ),
          },
        ]}
        locale={{ emptyText: 'No answers marked not helpful in this period' }}
      />
    </Card>
  );
}

function QuestionTable({ title, description, questions, empty }: { title: string; description: string; questions: AskedQuestion[]; empty: string }) {
  return (
    <Card className={styles.figure} title={cardTitle(title)}>
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      <Table
        rowKey="question"
        size="small"
        pagination={false}
        dataSource={questions}
        columns={[
          { key: 'question', title: 'Question', dataIndex: 'question' },
          { key: 'count', title: 'Times Asked', dataIndex: 'count', align: 'right', render: (count: number) => formatCount(count) },
        ]}
        locale={{ emptyText: empty }}
      />
    </Card>
  );
}

/**
 * For the knowledge curators: what users ask most, what the assistant abstained on (the knowledge
 * base's gaps), and the answers users marked not helpful.
 */
export function QuestionsSection({ analytics }: { analytics: Analytics }) {
  return (
    <section aria-labelledby="analytics-questions">
      <h2 id="analytics-questions" className={styles.questionsTitle}>
        Questions
      </h2>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <QuestionTable
            title="Top Questions"
            description="What users asked most often in this period."
            questions={analytics.topQuestions}
            empty="No questions in this period"
          />
        </Col>
        {/* The two signals of what to mend, side by side. */}
        <Col xs={24} lg={10}>
          <QuestionTable
            title="Abstained Questions"
            description="Questions the assistant did not answer for want of sources: gaps for the knowledge base to fill."
            questions={analytics.abstainedQuestions}
            empty="No abstained questions in this period"
          />
        </Col>
        <Col xs={24} lg={14}>
          <NotHelpfulTable answers={analytics.notHelpfulAnswers} />
        </Col>
      </Row>
    </section>
  );
}
