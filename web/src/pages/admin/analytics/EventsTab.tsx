import { Card, Flex, Table, Typography } from 'antd';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import type { Analytics } from '../api/adminApi.ts';
import { formatCount, formatDay, formatParameters } from '../format.ts';

type DayOfEvents = Analytics['events'][number];

/** Per day, newest first, each event with its parameters and how often it was sent (spec section 2). */
export function EventsTab({ days }: { days: DayOfEvents[] }) {
  if (days.length === 0) return <Typography.Text type="secondary">No events in this period</Typography.Text>;
  return (
    <Flex vertical gap="middle">
      {days
        .toSorted((a, b) => b.date.localeCompare(a.date))
        .map(({ date, events }) => (
          <Card key={date} title={<SectionTitle>{formatDay(date)}</SectionTitle>}>
            <Table
              rowKey={(event) => `${event.name} ${event.parameters}`}
              size="small"
              pagination={false}
              dataSource={events}
              columns={[
                { key: 'name', title: 'Event', dataIndex: 'name' },
                { key: 'parameters', title: 'Parameters', dataIndex: 'parameters', render: (text: string) => formatParameters(text) || '—' },
                { key: 'count', title: 'Count', dataIndex: 'count', align: 'right', render: (count: number) => formatCount(count) },
              ]}
            />
          </Card>
        ))}
    </Flex>
  );
}
