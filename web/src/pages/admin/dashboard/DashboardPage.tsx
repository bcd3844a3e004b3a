import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { errorMessage } from '../../../api/errors.ts';
import { formatInr } from '../../../billing/format.ts';
import { Notice } from '../../../components/Notice.tsx';
import { statsQuery, type AdminStats } from '../api/adminApi.ts';
import { ChartCard } from '../charts/ChartCard.tsx';
import { formatCount, formatDueForReview, formatMonth, formatPlan } from '../format.ts';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import styles from '../admin.module.css';

/** The platform's figures (spec section 2, Dashboard). A 401 ends the session (the admin client sees to it). */
export function DashboardPage() {
  const { data, error } = useQuery(statsQuery);
  return (
    <PageLayout width="full" title="Dashboard">
      {error ? (
        <Notice type="error" text={errorMessage('adminDashboard', error)} />
      ) : data ? (
        <Figures stats={data} />
      ) : (
        <div role="status" aria-label="Loading the dashboard">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      )}
    </PageLayout>
  );
}

/** Five cards: two a row on small screens, three on large, all in one row on wider ones. */
const cardColumn = { xs: 24, sm: 12, lg: 8, xl: { flex: '1 1 0' } } as const;

/** The revenue chart counts whole rupees on its axis; each point still reads to the paisa. */
const rupees = (value: number) => formatInr(Math.round(value * 100));

function Figures({ stats }: { stats: AdminStats }) {
  const review = formatDueForReview(stats.knowledgeDueForReview, stats.knowledgeEntries);
  return (
    <Flex vertical gap="large">
      <Row gutter={[16, 16]}>
        <Col {...cardColumn}>
          <Card className={styles.figure}>
            <Statistic title="Total Users" value={formatCount(stats.totalUsers)} />
          </Card>
        </Col>
        <Col {...cardColumn}>
          <Card className={styles.figure}>
            <Statistic title="Monthly Revenue" value={formatInr(stats.monthlyRevenue)} />
            <Typography.Text type="secondary">Last 30 days</Typography.Text>
          </Card>
        </Col>
        <Col {...cardColumn}>
          <Card className={styles.figure}>
            <Statistic title="Monthly Queries" value={formatCount(stats.monthlyQueries)} />
            <Typography.Text type="secondary">Last 30 days</Typography.Text>
          </Card>
        </Col>
        <Col {...cardColumn}>
          <Card className={styles.figure}>
            <Typography.Text type="secondary">Subscriptions by Plan</Typography.Text>
            {stats.subscriptionsByPlan.length === 0 ? (
              <p className={styles.plans}>No subscriptions yet</p>
            ) : (
              <dl className={styles.plans}>
                {stats.subscriptionsByPlan.map(({ plan, count }) => (
                  <div key={plan} className={styles.plan}>
                    <dt>{formatPlan(plan)}</dt>
                    <dd className={styles.planCount}>{formatCount(count)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Card>
        </Col>
        <Col {...cardColumn}>
          <Card className={styles.figure}>
            <Statistic title="Entries Due for Review" value={review.value} />
            <Typography.Text type="secondary">{review.note}</Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ChartCard
            title="Revenue Trend"
            kind="column"
            valueName="Revenue"
            formatValue={rupees}
            points={stats.revenueTrend.map(({ month, revenue }) => ({ label: formatMonth(month), value: revenue / 100 }))}
          />
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard
            title="Subscription Trend"
            kind="line"
            valueName="Subscriptions"
            formatValue={formatCount}
            points={stats.subscriptionTrend.map(({ month, count }) => ({ label: formatMonth(month), value: count }))}
          />
        </Col>
      </Row>
    </Flex>
  );
}
