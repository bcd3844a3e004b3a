import { ErrorResponse, Type, currentUser, notFound, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { findSubscription } from '../db/subscriptions.ts';

const SubscriptionResponse = Type.Object({
  plan: Type.Union([Type.Literal('basic'), Type.Literal('premium')]),
  active: Type.Boolean(),
  status: Type.String(),
  queriesUsed: Type.Integer(),
  queriesLimit: Type.Integer(),
  endDate: Type.String({ format: 'date-time' }),
});

export function subscriptionRoutes(app: ServiceApp, deps: Pick<ServiceDeps, 'db' | 'authenticate'>): void {
  app.get(
    '/api/subscription',
    {
      preHandler: deps.authenticate,
      schema: { summary: "The signed-in user's current plan and allowance", response: { 200: SubscriptionResponse, 401: ErrorResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const subscription = await findSubscription(deps.db, currentUser(request).userId);
      if (!subscription) throw notFound('No active subscription', 'NO_SUBSCRIPTION');
      return {
        plan: subscription.plan,
        active: subscription.status === 'active',
        status: subscription.status,
        queriesUsed: subscription.queries_used,
        queriesLimit: subscription.queries_limit,
        endDate: subscription.end_date.toISOString(),
      };
    },
  );
}
