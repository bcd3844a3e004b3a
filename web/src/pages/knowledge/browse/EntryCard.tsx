import { Card, Flex, Tag, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { RouterLink } from '../../../components/RouterLink.tsx';
import { entryPath, readable, type ListedEntry } from '../knowledgeApi.ts';

/** One result: its title (an h2, so results can be reached by heading) leads to the entry's page. */
export function EntryCard({ entry }: { entry: ListedEntry }) {
  return (
    <Card size="small" styles={{ body: { padding: 16 } }}>
      <Flex vertical gap={8}>
        <h2 style={{ margin: 0, fontSize: 18, fontWeight: 600, lineHeight: 1.4 }}>
          <RouterLink to={entryPath(entry.id)}>{entry.title}</RouterLink>
        </h2>
        <Flex wrap gap={8} align="center">
          <Tag style={{ margin: 0 }}>{readable(entry.kind)}</Tag>
          <Typography.Text type="secondary">
            <EnvironmentOutlined aria-label="States" style={{ marginRight: 4 }} />
            {entry.states.join(', ')}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph style={{ margin: 0 }}>{entry.summary}</Typography.Paragraph>
      </Flex>
    </Card>
  );
}
