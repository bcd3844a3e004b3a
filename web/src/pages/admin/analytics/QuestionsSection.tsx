import { Card, Col, Row, Table, Typography } from 'antd';
import type { Analytics } from '../api/adminApi.ts';
import { formatCount } from '../format.ts';

type AskedQuestion = Analytics['topQuestions'][number];

function QuestionTable({ title, description, questions, empty }: { title: string; description: string; questions: AskedQuestion[]; empty: string }) {
  return (
    <Card style={{ height: '100%' }} title={<h3 style={{ margin: 0, font: 'inherit' }}>{title}</h3>}>
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

/** For the knowledge curators: what users ask most, and what the assistant abstained on, the knowledge base's gaps. */
export function QuestionsSection({ analytics }: { analytics: Analytics }) {
  return (
    <section aria-labelledby="analytics-questions">
      <Typography.Title level={2} id="analytics-questions" style={{ fontSize: 22 }}>
        Questions
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <QuestionTable title="Top Questions" description="What users asked most often in this period." questions={analytics.topQuestions} empty="No questions in this period" />
        </Col>
        <Col xs={24} lg={12}>
          <QuestionTable
            title="Abstained Questions"
            description="Questions the assistant did not answer for want of sources: gaps for the knowledge base to fill."
            questions={analytics.abstainedQuestions}
            empty="No abstained questions in this period"
          />
        </Col>
      </Row>
    </section>
  );
}
