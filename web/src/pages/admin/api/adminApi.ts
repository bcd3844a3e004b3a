// The admin calls (spec section 7, Admin) served by admin-reporting, their answers' shapes, and
// the queries the panel's pages share. Every key starts with 'admin', so signing out drops them all.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { dataOf } from '../../../api/client.ts';
import type { Answer, Query } from '../../../api/contract.ts';
import { adminApi } from './adminClient.ts';

export const adminQueryKey = ['admin'] as const;

/** Amounts are integer paise; months are 'YYYY-MM'; the monthly figures are of the last 30 days. */
export type AdminStats = Answer<'/api/admin/stats', 'get'>;

export type UsersPage = Answer<'/api/admin/users', 'get'>;

/** A user and their subscription (spec section 3, Admin user row); the razorpay_ fields are null for Basic. */
export type AdminUserRow = UsersPage['users'][number];

type UsersQuery = Query<'/api/admin/users', 'get'>;

/** The columns the server sorts by: each field of the row. */
export type UserColumn = NonNullable<UsersQuery['sort']>;

/** What the users table asks for; search matches name or email, as a substring, any case. */
export interface UsersRequest {
  search: string;
  sort: UserColumn | null;
  order: NonNullable<UsersQuery['order']>;
  page: number;
  pageSize: number;
}

/** Dates are 'YYYYMMDD'; durations seconds; the conversion rate a percentage; event parameters JSON or plain text. */
export type Analytics = Answer<'/api/admin/analytics', 'get'>;

export const statsQueryKey = [...adminQueryKey, 'stats'] as const;

/** The stats with the kept credentials, or with `authorization` (signing in tries credentials not yet kept). */
export const fetchStats = (authorization?: string) =>
  dataOf(adminApi.GET('/api/admin/stats', authorization === undefined ? {} : { headers: { Authorization: authorization } }));

export const statsQuery = queryOptions({
  queryKey: statsQueryKey,
  queryFn: () => fetchStats(),
});

export function usersQuery(request: UsersRequest) {
  const query: UsersQuery = { page: request.page, pageSize: request.pageSize };
  if (request.search !== '') query.search = request.search;
  if (request.sort !== null) {
    query.sort = request.sort;
    query.order = request.order;
  }
  return queryOptions({
    queryKey: [...adminQueryKey, 'users', request],
    queryFn: () => dataOf(adminApi.GET('/api/admin/users', { params: { query } })),
    // The rows shown stay while the next page, sort or search loads: the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/** `params` is the range's query string (range.ts), or null while a custom range lacks a date. */
export function analyticsQuery(params: URLSearchParams | null) {
  const search = params?.toString() ?? '';
  // range.ts writes only the API's own parameters and values.
  const query = Object.fromEntries(params ?? []) as Query<'/api/admin/analytics', 'get'>;
  return queryOptions({
    queryKey: [...adminQueryKey, 'analytics', search],
    queryFn: () => dataOf(adminApi.GET('/api/admin/analytics', { params: { query } })),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
