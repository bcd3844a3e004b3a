import { Flex, Typography } from 'antd';
import type { Source } from './chatApi.ts';

/** Only web addresses are linked; anything else a source carries is dropped. */
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The entries an answer drew on, as links that open in a new tab. */
export function SourceLinks({ sources }: { sources: readonly Source[] }) {
  const linked = sources.filter((source) => isWebUrl(source.url));
  if (linked.length === 0) return null;
  return (
    <Flex component="ul" wrap gap={8} aria-label="Sources" style={{ listStyle: 'none', padding: 0, margin: '4px 0 0' }}>
      {linked.map((source) => (
        <li key={source.id}>
          <Typography.Link href={source.url} target="_blank" rel="noopener noreferrer" style={{ fontSize: 13 }}>
            {source.title}
          </Typography.Link>
        </li>
      ))}
    </Flex>
  );
}
