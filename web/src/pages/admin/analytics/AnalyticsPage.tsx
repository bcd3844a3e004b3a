import { useQuery } from '@tanstack/react-query';
import { Flex, Skeleton, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors.ts';
import { Notice } from '../../../components/Notice.tsx';
import { analyticsQuery, type Analytics } from '../api/adminApi.ts';
import { indiaDay } from '../format.ts';
import { EventsTab } from './EventsTab.tsx';
import { OverviewTab } from './OverviewTab.tsx';
import { QuestionsSection } from './QuestionsSection.tsx';
import { analyticsParams, rangeChoiceOf, searchParamsOfRange } from './range.ts';
import { RangeSelector } from './RangeSelector.tsx';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';

/** The site's first-party analytics (spec section 2, Analytics) over the chosen range. A 401 ends the session. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  // Future days are refused as the server refuses them: after today in India.
  const today = indiaDay(new Date());
  const choice = rangeChoiceOf(params, today);
  const request = analyticsParams(choice);
  const { data, error, isFetching } = useQuery(analyticsQuery(request));

  return (
    <PageLayout width="full" title="Analytics">
      <Flex vertical gap="large">
        <RangeSelector
          choice={choice}
          today={today}
          onChange={(next) => {
            setParams(searchParamsOfRange(next));
          }}
        />
        {request === null ? (
          <Typography.Text>Choose a start date and an end date.</Typography.Text>
        ) : error ? (
          <Notice type="error" text={errorMessage('adminAnalytics', error)} />
        ) : data ? (
          <Report analytics={data} updating={isFetching} />
        ) : (
          <div role="status" aria-label="Loading analytics">
            <Skeleton active paragraph={{ rows: 8 }} />
          </div>
        )}
      </Flex>
    </PageLayout>
  );
}

function Report({ analytics, updating }: { analytics: Analytics; updating: boolean }) {
  return (
    <Flex vertical gap="large" aria-busy={updating}>
      <Tabs
        items={[
          { key: 'overview', label: 'Overview', children: <OverviewTab analytics={analytics} /> },
          { key: 'events', label: 'Events', children: <EventsTab days={analytics.events} /> },
        ]}
      />
      <QuestionsSection analytics={analytics} />
    </Flex>
  );
}
