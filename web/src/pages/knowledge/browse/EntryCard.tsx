import { Card, Flex, Tag, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { RouterLink } from '../../../components/RouterLink.tsx';
import { entryPath, readable, type ListedEntry } from '../knowledgeApi.ts';
import styles from '../knowledge.module.css';

/** One result: its title (an h2, so results can be reached by heading) leads to the entry's page. */
export function EntryCard({ entry }: { entry: ListedEntry }) {
  return (
    <Card size="small" classNames={{ body: styles.cardBody }}>
      <Flex vertical gap={8}>
        <h2 className={styles.cardTitle}>
          <RouterLink to={entryPath(entry.id)}>{entry.title}</RouterLink>
        </h2>
        <Flex wrap gap={8} align="center">
          <Tag className={styles.tag}>{readable(entry.kind)}</Tag>
          <Typography.Text type="secondary">
            <EnvironmentOutlined aria-label="States" className={styles.statesIcon} />
            {entry.states.join(', ')}
          </Typography.Text>
        </Flex>
        <p className={styles.summary}>{entry.summary}</p>
      </Flex>
    </Card>
  );
}
