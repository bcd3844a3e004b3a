// The admin calls (spec section 7, Admin) served by admin-reporting, their answers' shapes, and
// the queries the panel's pages share. Every key starts with 'admin', so signing out drops them all.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet } from './adminClient.ts';

export const adminQueryKey = ['admin'] as const;

/** Amounts are integer paise; months are 'YYYY-MM'. */
export interface AdminStats {
  totalUsers: number;
  /** The last 30 days. */
  monthlyRevenue: number;
  /** The last 30 days. */
  monthlyQueries: number;
  subscriptionsByPlan: { plan: string; count: number }[];
  revenueTrend: { month: string; revenue: number }[];
  subscriptionTrend: { month: string; count: number }[];
  /** The knowledge base's entries, and those due for review by today; null until chat has told its archive. */
  knowledgeEntries: number | null;
  knowledgeDueForReview: number | null;
}

/** A user and their subscription (spec section 3, Admin user row); the razorpay_ fields are null for Basic. */
export interface AdminUserRow {
  user_name: string;
  user_email: string;
  subscription_plan: string | null;
  queries_limit: number | null;
  queries_used: number | null;
  /** ISO timestamps. */
  start_date: string | null;
  end_date: string | null;
  razorpay_subscription_id: string | null;
  razorpay_status: string | null;
  /** Paise. */
  amount: number | null;
}

export type UserColumn = keyof AdminUserRow;

export interface UsersPage {
  users: AdminUserRow[];
  /** How many match the search, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

/** What the users table asks for; search matches name or email, as a substring, any case. */
export interface UsersRequest {
  search: string;
  sort: UserColumn | null;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** Dates are 'YYYYMMDD'; durations seconds; the conversion rate a percentage. */
export interface Analytics {
  pageViews: number;
  activeUsers: number;
  averageSessionDuration: number;
  conversionRate: number;
  userEngagement: { date: string; sessions: number }[];
  topPages: { path: string; pageViews: number }[];
  /** Parameters are JSON text or plain text. */
  events: { date: string; events: { name: string; parameters: string; count: number }[] }[];
  topQuestions: { question: string; count: number }[];
  /** Questions the assistant abstained on: where the knowledge base has gaps. */
  abstainedQuestions: { question: string; count: number }[];
  /** Questions whose answers users marked not helpful: how many, the latest reasons, the entries cited (ids). */
  notHelpfulAnswers: { question: string; count: number; reasons: string[]; sources: string[] }[];
}

export const statsQueryKey = [...adminQueryKey, 'stats'] as const;

export const fetchStats = (authorization?: string) => adminGet<AdminStats>('/api/admin/stats', authorization);

export const statsQuery = queryOptions({
  queryKey: statsQueryKey,
  queryFn: () => fetchStats(),
});

export function usersQuery(request: UsersRequest) {
  const params = new URLSearchParams({ page: String(request.page), pageSize: String(request.pageSize) });
  if (request.search !== '') params.set('search', request.search);
  if (request.sort !== null) {
    params.set('sort', request.sort);
    params.set('order', request.order);
  }
  return queryOptions({
    queryKey: [...adminQueryKey, 'users', request],
    queryFn: () => adminGet<UsersPage>(`/api/admin/users?${params.toString()}`),
    // The rows shown stay while the next page, sort or search loads: the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/** `params` is the range's query string (range.ts), or null while a custom range lacks a date. */
export function analyticsQuery(params: URLSearchParams | null) {
  const search = params?.toString() ?? '';
  return queryOptions({
    queryKey: [...adminQueryKey, 'analytics', search],
    queryFn: () => adminGet<Analytics>(`/api/admin/analytics?${search}`),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
