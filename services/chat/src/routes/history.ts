import { ErrorResponse, Type, currentUser, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { HistoryClearedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { clearHistory, historyOf } from '../db/history.ts';
import { Feedback, Source } from '../contracts/schemas.ts';

const HistoryResponse = Type.Object({
  history: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      message: Type.String(),
      response: Type.Union([Type.String(), Type.Null()]),
      created_at: Type.String({ format: 'date-time' }),
      sources: Type.Array(Source),
      feedback: Type.Union([Feedback, Type.Null()], { description: "The user's current mark of the answer; null when unmarked" }),
    }),
  ),
});

const HistoryQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
    before: Type.Optional(Type.String({ format: 'uuid', description: 'The id of the oldest entry already shown: the page holds older ones.' })),
  },
  { additionalProperties: false },
);

export function historyRoutes(app: ServiceApp, deps: Pick<ServiceDeps, 'db' | 'uow' | 'authenticate'>): void {
  app.get(
    '/api/chat/history',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: "The signed-in user's questions and answers, newest first",
        querystring: HistoryQuery,
        response: { 200: HistoryResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const entries = await historyOf(deps.db, currentUser(request).userId, request.query);
      return { history: entries.map((entry) => ({ ...entry, created_at: entry.created_at.toISOString() })) };
    },
  );

  app.delete(
    '/api/chat/history',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: "Clears the signed-in user's history and the marks of its answers (never anyone else's)",
        response: { 200: Type.Object({ cleared: Type.Integer({ minimum: 0 }) }), 401: ErrorResponse },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const cleared = await deps.uow.run(async (tx) => {
        const removed = await clearHistory(tx, userId);
        await tx.publish(HistoryClearedEvent, userId, { userId, clearedAt: timestampFromDate(new Date()) });
        return removed;
      });
      return { cleared };
    },
  );
}
