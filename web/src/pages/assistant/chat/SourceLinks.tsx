import { Flex, Typography } from 'antd';
import { entryPath, isEntryId } from '../../knowledge/knowledgeApi.ts';
import type { Source } from './chatApi.ts';
import styles from './chat.module.css';

/**
 * The entries an answer drew on, each a link to its page in the knowledge base (its sources, the
 * date its facts were checked). They open in a new tab, so that the chat stays; a source without
 * an entry's id has no page and is dropped.
 */
export function SourceLinks({ sources }: { sources: readonly Source[] }) {
  const linked = sources.filter((source) => isEntryId(source.id));
  if (linked.length === 0) return null;
  return (
    <Flex component="ul" wrap gap="small" aria-label="Sources" className={styles.sources}>
      {linked.map((source) => (
        <li key={source.id}>
          <Typography.Link href={entryPath(source.id)} target="_blank" rel="noopener noreferrer" className={styles.source}>
            {source.title}
          </Typography.Link>
        </li>
      ))}
    </Flex>
  );
}
