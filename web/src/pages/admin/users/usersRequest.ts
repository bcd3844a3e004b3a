// The users table's search, sort and page, kept in the query string (/vikarapanel/users?search=ada&sort=amount&order=desc&page=2)
// so that a reload or the back button brings the same view.
import type { UserColumn, UsersRequest } from '../api/adminApi.ts';

/** The row's fields, each a sortable column at the server. */
export const USER_COLUMNS = [
  'user_name',
  'user_email',
  'subscription_plan',
  'queries_limit',
  'queries_used',
  'start_date',
  'end_date',
  'razorpay_subscription_id',
  'razorpay_status',
  'amount',
] as const satisfies readonly UserColumn[];

export const PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;
// The server takes pages up to 100 000.
const LAST_PAGE = 100_000;

const isUserColumn = (value: string | null): value is UserColumn => USER_COLUMNS.some((column) => column === value);

/** The request a query string asks for; what it does not name, or names wrongly, is the default. */
export function usersRequestOf(params: URLSearchParams): UsersRequest {
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  const pageSize = Number(params.get('pageSize') ?? String(DEFAULT_PAGE_SIZE));
  return {
    search: (params.get('search') ?? '').trim(),
    sort: isUserColumn(sort) ? sort : null,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= LAST_PAGE ? page : 1,
    pageSize: PAGE_SIZES.some((size) => size === pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The query string of `request`: only what differs from the defaults. */
export function searchParamsOf(request: UsersRequest): URLSearchParams {
  const params = new URLSearchParams();
  if (request.search !== '') params.set('search', request.search);
  if (request.sort !== null) {
    params.set('sort', request.sort);
    params.set('order', request.order);
  }
  if (request.page > 1) params.set('page', String(request.page));
  if (request.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(request.pageSize));
  return params;
}
