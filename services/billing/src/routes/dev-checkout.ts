import { ErrorResponse, Type, conflict, currentUser, notFound, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { findProviderSubscription } from '../db/provider-subscriptions.ts';
import type { RazorpaySandbox } from '../adapters/razorpay-sandbox.ts';
import { PaymentConfirmation } from '../contracts/schemas.ts';

/**
 * The embedded sandbox's checkout (never in production: the sandbox runs only without Razorpay's
 * keys, which production requires). Pays the signed-in owner's subscription as Razorpay's
 * checkout would and answers what the checkout hands the browser; the sandbox sends the signed
 * webhooks that follow.
 */
export function devCheckoutRoutes(app: ServiceApp, deps: Pick<ServiceDeps, 'db' | 'authenticate'> & { sandbox: RazorpaySandbox }): void {
  app.post(
    '/dev/razorpay/pay',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'TEST MODE: completes the sandbox checkout of a subscription',
        body: Type.Object({ subscription_id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
        response: {
          200: PaymentConfirmation,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const known = await findProviderSubscription(deps.db, request.body.subscription_id);
      if (known?.user_id !== currentUser(request).userId) throw notFound('No such subscription', 'NO_SUBSCRIPTION');
      try {
        return await deps.sandbox.pay(known.id);
      } catch (error) {
        request.log.info({ err: error }, 'sandbox checkout refused');
        throw conflict('This subscription has been paid already.', 'ALREADY_PAID');
      }
    },
  );
}
