import { ErrorResponse, Type, currentUser, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { allowanceOf } from '../db/allowance.ts';
import { planPending } from '../domain/plan-pending.ts';

const QueriesLeftResponse = Type.Object({
  queriesLeft: Type.Integer({ minimum: 0 }),
  queriesLimit: Type.Integer({ minimum: 0 }),
  resetsAt: Type.String({ format: 'date-time' }),
});

export function queriesLeftRoutes(app: ServiceApp, deps: Pick<ServiceDeps, 'db' | 'authenticate'>): void {
  app.get(
    '/api/chat/queries-left',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: "What is left of the signed-in user's allowance this period",
        response: { 200: QueriesLeftResponse, 401: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const allowance = await allowanceOf(deps.db, currentUser(request).userId, new Date());
      if (!allowance) throw planPending();
      return { queriesLeft: allowance.queriesLeft, queriesLimit: allowance.queriesLimit, resetsAt: allowance.resetsAt.toISOString() };
    },
  );
}
