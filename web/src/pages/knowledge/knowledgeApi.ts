// The knowledge base as the chat service serves it for browsing (GET /api/chat/knowledge and
// /api/chat/knowledge/{id}): the answers' shapes, the queries, and the paths of its pages.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../../api/client.ts';
import type { Answer, Query } from '../../api/contract.ts';

/** An entry as listed: causes are ids such as 'women-and-gender' (`readable` names them), as_of the day its facts were checked. */
export type ListedEntry = EntryList['entries'][number];

/** A page of entries, how many match over all pages, and everything the server filters by. */
export type EntryList = Answer<'/api/chat/knowledge', 'get'>;

export type Entry = Answer<'/api/chat/knowledge/{id}', 'get'>;

/** What the list is filtered by; '' is no filter. The names are the query string's, in the app and at the server. */
export interface Filters {
  query: string;
  kind: string;
  state: string;
  cause: string;
}

export const NO_FILTERS: Filters = { query: '', kind: '', state: '', cause: '' };

export const PAGE_SIZE = 20;

/** The query string of a filtered view: only the filters given, and the page when it is not the first. */
export function searchOf(filters: Partial<Filters>, page = 1): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== '') params.set(name, value);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** The list filtered by `filters`, e.g. '/knowledge?state=Delhi' (an entry's tags link there). */
export function knowledgePath(filters: Partial<Filters> = {}): string {
  return `/knowledge${searchOf(filters)}`;
}

/** An entry's id as the server makes them (lower-case words joined by hyphens); anything else names no entry. */
export function isEntryId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id);
}

export function entryPath(id: string): string {
  return `/knowledge/${id}`;
}

/** 'women-and-gender' → 'Women and gender', 'organisation' → 'Organisation': kinds and causes as words. */
export function readable(id: string): string {
  const words = id.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function entriesQuery(filters: Filters, page: number) {
  // The address's filters go as they are: one the server does not know is refused there (400), and the page says so.
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as Query<'/api/chat/knowledge', 'get'>;
  return queryOptions({
    queryKey: ['knowledge', 'list', filters, page],
    queryFn: () => dataOf(api.GET('/api/chat/knowledge', { params: { query: { ...given, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } } })),
    // The results stay in view, dimmed, while the next filter or page loads.
    placeholderData: keepPreviousData,
  });
}

export const entryQuery = (id: string) =>
  queryOptions({
    queryKey: ['knowledge', 'entry', id],
    queryFn: () => dataOf(api.GET('/api/chat/knowledge/{id}', { params: { path: { id } } })),
  });
