import { Readable } from 'node:stream';
import { ErrorResponse, Type, indiaDate, type Database, type ServiceApp } from '@betterplus/kit';
import { stringify } from 'csv-stringify';
import { USER_COLUMNS, adminStats, adminUsers, allUserRows } from '../db/admin-reports.ts';
import type { AdminGuard } from './admin-guard.ts';
import { AdminStats, UsersPage } from '../contracts/schemas.ts';

/** A cell a spreadsheet would run as a formula (= + - @, or a tab or return before one) is kept as text (OWASP, CSV injection). */
export const neutralised = (cell: string): string => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** The admin panel's calls: stats, the users table and its CSV export (basic auth). */
export function adminRoutes(app: ServiceApp, deps: { db: Database; guard: AdminGuard }): void {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

  app.get(
    '/api/admin/stats',
    { preHandler: deps.guard, schema: { summary: 'Platform figures for the admin dashboard', response: { 200: AdminStats, ...errors } } },
    () => adminStats(deps.db, new Date()),
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
            sort: Type.Union(
              USER_COLUMNS.map((column) => Type.Literal(column)),
              { default: 'user_name' },
            ),
            order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
            page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
            pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: UsersPage, ...errors },
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
    {
      preHandler: deps.guard,
      schema: {
        summary: 'Every user row as CSV (users-subscriptions-{date}.csv), streamed',
        response: {
          200: { description: 'Every user row, a header line first', content: { 'text/csv': { schema: Type.Unsafe<Readable>({ type: 'string' }) } } },
          ...errors,
        },
      },
    },
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
