import { Readable } from 'node:stream';
import { ErrorResponse, Type, indiaDate, type Database, type ServiceApp } from '@betterplus/kit';
import { stringify } from 'csv-stringify';
import { USER_COLUMNS, adminStats, adminUsers, allUserRows } from '../db/admin-reports.ts';
import type { AdminGuard } from './admin-guard.ts';

const Text = Type.Union([Type.String(), Type.Null()]);
const Figure = Type.Union([Type.Number(), Type.Null()]);

const StatsResponse = Type.Object({
  totalUsers: Type.Integer(),
  monthlyRevenue: Type.Number({ description: 'Paise paid in the last 30 days' }),
  monthlyQueries: Type.Integer({ description: 'Queries taken in the last 30 days' }),
  subscriptionsByPlan: Type.Array(Type.Object({ plan: Type.String(), count: Type.Integer() })),
  revenueTrend: Type.Array(Type.Object({ month: Type.String(), revenue: Type.Number() })),
  subscriptionTrend: Type.Array(Type.Object({ month: Type.String(), count: Type.Integer() })),
  knowledgeEntries: Type.Union([Type.Integer(), Type.Null()], { description: "The knowledge base's entries, as chat last told its archive; null until it has" }),
  knowledgeDueForReview: Type.Union([Type.Integer(), Type.Null()], { description: 'Knowledge entries whose review date is today in India or earlier; null until chat has told its archive' }),
});

const UserRow = Type.Object({
  user_name: Type.String(),
  user_email: Type.String(),
  subscription_plan: Text,
  queries_limit: Figure,
  queries_used: Figure,
  start_date: Text,
  end_date: Text,
  razorpay_subscription_id: Text,
  razorpay_status: Text,
  amount: Figure,
});

const UsersResponse = Type.Object({ users: Type.Array(UserRow), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });

/** A cell a spreadsheet would run as a formula (= + - @, or a tab or return before one) is kept as text (OWASP, CSV injection). */
export const neutralised = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** The admin panel's calls: stats, the users table and its CSV export (basic auth). */
export function adminRoutes(app: ServiceApp, deps: { db: Database; guard: AdminGuard }): void {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

  app.get('/api/admin/stats', { preHandler: deps.guard, schema: { summary: 'Platform figures for the admin dashboard', response: { 200: StatsResponse, ...errors } } }, () =>
    adminStats(deps.db, new Date()),
  );

  app.get(
    '/api/admin/users',
    {
      preHandler: deps.guard,
      schema: {
        summary: 'Users and their subscriptions: searched by name or email, sorted and paged on the server',
        querystring: Type.Object(
          {
            search: Type.Optional(Type.String({ maxLength: 200 })),
            sort: Type.Union(USER_COLUMNS.map((column) => Type.Literal(column)), { default: 'user_name' }),
            order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
            page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
            pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: UsersResponse, ...errors },
      },
    },
    async (request) => {
      const { search, sort, order, page, pageSize } = request.query;
      const found = await adminUsers(deps.db, { search: search?.trim() || undefined, sort, order, limit: pageSize, offset: (page - 1) * pageSize });
      return { ...found, page, pageSize };
    },
  );

  app.get(
    '/api/admin/users/export',
    { preHandler: deps.guard, schema: { summary: 'Every user row as CSV (users-subscriptions-{date}.csv), streamed', response: { 200: Type.Unsafe<Readable>({ type: 'string', description: 'text/csv' }), ...errors } } },
    async (_request, reply) => {
      const csv = stringify({ header: true, columns: [...USER_COLUMNS], cast: { string: neutralised } });
      const rows = Readable.from(allUserRows(deps.db));
      rows.on('error', (error) => csv.destroy(error));
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-subscriptions-${indiaDate(new Date())}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(rows.pipe(csv));
    },
  );
}
