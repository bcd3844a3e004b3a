import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { errorMessage } from '../../../api/errors.ts';
import { Notice } from '../../../components/Notice.tsx';
import { ButtonLink } from '../../../components/RouterLink.tsx';
import { entriesQuery, knowledgePath, NO_FILTERS, PAGE_SIZE, searchOf, type EntryList, type Filters } from '../knowledgeApi.ts';
import { EntryCard } from './EntryCard.tsx';
import { SearchForm, type FilterLists } from './SearchForm.tsx';
import { useKnowledgeSearch } from './useKnowledgeSearch.ts';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import styles from '../knowledge.module.css';

const filtered = (filters: Filters) => Object.values(filters).some((value) => value !== '');

/** The knowledge base to browse: words, kind, state and cause, all kept in the address; pages of twenty. */
export function KnowledgePage() {
  const { filters, page, apply } = useKnowledgeSearch();
  const { data, error, isPlaceholderData, refetch } = useQuery(entriesQuery(filters, page));
  // The selects' choices come with the unfiltered list, so they are there when a filter was refused.
  const { data: lists } = useQuery({
    ...entriesQuery(NO_FILTERS, 1),
    select: ({ kinds, states, causes }): FilterLists => ({ kinds, states, causes }),
  });

  // A new page of results starts at the top.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);

  return (
    <PageLayout
      width="wide"
      title="Knowledge Base"
      intro="The organisations, government schemes, guides, changemakers and stories the chat answers from, each with its sources."
    >
      <Flex vertical gap="large">
        <SearchForm filters={filters} lists={lists} onApply={apply} />

        {error ? (
          <div>
            <Notice type="error" text={errorMessage('browseKnowledge', error)} />
            <Flex wrap gap="small">
              <Button onClick={() => void refetch()}>Try again</Button>
              {filtered(filters) && <ButtonLink to={knowledgePath()}>Clear filters</ButtonLink>}
            </Flex>
          </div>
        ) : data ? (
          <Results data={data} filters={filters} page={page} updating={isPlaceholderData} />
        ) : (
          <div role="status" aria-label="Loading entries">
            <Skeleton active paragraph={{ rows: 8 }} />
          </div>
        )}
      </Flex>
    </PageLayout>
  );
}

interface ResultsProps {
  data: EntryList;
  filters: Filters;
  page: number;
  /** The results shown are the last ones, while the asked-for ones load. */
  updating: boolean;
}

function Results({ data, filters, page, updating }: ResultsProps) {
  const pages = Math.ceil(data.total / PAGE_SIZE);
  const first = (page - 1) * PAGE_SIZE + 1;

  if (data.entries.length === 0) {
    return (
      <Flex vertical align="flex-start" gap={8} aria-busy={updating}>
        <h2 className={styles.noResults}>{page > 1 ? `There is no page ${String(page)} of these results` : 'No entries match'}</h2>
        <Typography.Text type="secondary" role="status">
          {page > 1 ? 'The list is shorter than that.' : 'Try other words, or fewer filters.'}
        </Typography.Text>
        {page > 1 ? (
          <ButtonLink to={{ search: searchOf(filters) }}>First page</ButtonLink>
        ) : (
          filtered(filters) && <ButtonLink to={knowledgePath()}>Clear filters</ButtonLink>
        )}
      </Flex>
    );
  }

  return (
    <Flex vertical gap="middle" aria-busy={updating} className={updating ? `${styles.results} ${styles.updating}` : styles.results}>
      <Typography.Text type="secondary" role="status">
        {data.total === 1 ? '1 entry' : `${String(first)}–${String(first + data.entries.length - 1)} of ${String(data.total)} entries`}
      </Typography.Text>
      <Flex vertical gap={12} component="ul" className={styles.plainList}>
        {data.entries.map((entry) => (
          <li key={entry.id}>
            <EntryCard entry={entry} />
          </li>
        ))}
      </Flex>
      {pages > 1 && (
        <Flex component="nav" aria-label="Pages" align="center" justify="space-between" wrap gap="small">
          {page > 1 ? (
            <ButtonLink to={{ search: searchOf(filters, page - 1) }} icon={<ArrowLeftOutlined aria-hidden="true" />}>
              Previous page
            </ButtonLink>
          ) : (
            <span />
          )}
          <Typography.Text>
            Page {page} of {pages}
          </Typography.Text>
          {page < pages ? (
            <ButtonLink to={{ search: searchOf(filters, page + 1) }} icon={<ArrowRightOutlined aria-hidden="true" />} iconPlacement="end">
              Next page
            </ButtonLink>
          ) : (
            <span />
          )}
        </Flex>
      )}
    </Flex>
  );
}
