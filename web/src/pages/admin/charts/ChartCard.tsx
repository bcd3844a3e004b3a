import { lazy, Suspense } from 'react';
import { Card, Flex, Spin, Typography } from 'antd';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import type { TrendChartProps } from './trend.ts';
import styles from '../admin.module.css';

const TrendChart = lazy(async () => ({ default: (await import('./TrendChart.tsx')).TrendChart }));

/**
 * A chart in a card under its title (an h2). A canvas says nothing to a screen reader, so the
 * chart is an image whose name lists every point it draws.
 */
export function ChartCard({ title, ...chart }: { title: string } & TrendChartProps) {
  const description = chart.points.map(({ label, value }) => `${label}: ${chart.formatValue(value)}`).join(', ');
  return (
    <Card title={<SectionTitle>{title}</SectionTitle>}>
      {chart.points.length === 0 ? (
        <Typography.Text type="secondary">No data for this period</Typography.Text>
      ) : (
        <div role="img" aria-label={`${title}. ${description}`} className={styles.chart}>
          <Suspense
            fallback={
              <Flex align="center" justify="center" className={styles.chartLoading}>
                <Spin />
              </Flex>
            }
          >
            <TrendChart {...chart} />
          </Suspense>
        </div>
      )}
    </Card>
  );
}
