import { useSearchParams } from 'react-router-dom';
import { searchOf, type Filters } from '../knowledgeApi.ts';

// The server takes offsets up to 100 000: 5000 pages of 20.
const LAST_PAGE = 5000;

/**
 * The list's filters and page, kept in the query string (/knowledge?kind=scheme&state=Bihar&page=2)
 * so that a filtered view can be shared and survives a reload; `apply` starts again at page 1.
 */
export function useKnowledgeSearch(): { filters: Filters; page: number; apply: (filters: Filters) => void } {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    query: (params.get('query') ?? '').trim(),
    kind: params.get('kind') ?? '',
    state: params.get('state') ?? '',
    cause: params.get('cause') ?? '',
  };
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 && asked <= LAST_PAGE ? asked : 1;
  return {
    filters,
    page,
    apply: (next) => {
      setParams(new URLSearchParams(searchOf(next)));
    },
  };
}
