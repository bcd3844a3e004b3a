import { Card, Col, Row, Statistic, Table } from 'antd';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import type { Analytics } from '../api/adminApi.ts';
import { ChartCard } from '../charts/ChartCard.tsx';
import { formatCount, formatDay, formatDuration, formatPercent } from '../format.ts';
import styles from '../admin.module.css';

const cardColumn = { xs: 24, sm: 12, lg: 6 } as const;

/** Page views, active users, average session duration, conversion rate, engagement by day and the top pages (spec section 2). */
export function OverviewTab({ analytics }: { analytics: Analytics }) {
  const figures = [
    { title: 'Page Views', value: formatCount(analytics.pageViews) },
    { title: 'Active Users', value: formatCount(analytics.activeUsers) },
    { title: 'Average Session Duration', value: formatDuration(analytics.averageSessionDuration) },
    { title: 'Conversion Rate', value: formatPercent(analytics.conversionRate) },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map(({ title, value }) => (
        <Col key={title} {...cardColumn}>
          <Card className={styles.figure}>
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <ChartCard
          title="User Engagement"
          kind="line"
          valueName="Sessions"
          formatValue={formatCount}
          points={analytics.userEngagement.map(({ date, sessions }) => ({ label: formatDay(date), value: sessions }))}
        />
      </Col>
      <Col span={24}>
        <Card title={<SectionTitle>Top Pages</SectionTitle>}>
          <Table
            rowKey="path"
            size="small"
            pagination={false}
            dataSource={analytics.topPages}
            columns={[
              { key: 'path', title: 'Page', dataIndex: 'path' },
              { key: 'pageViews', title: 'Page Views', dataIndex: 'pageViews', align: 'right', render: (views: number) => formatCount(views) },
            ]}
            locale={{ emptyText: 'No page views in this period' }}
          />
        </Card>
      </Col>
    </Row>
  );
}
