import type { FastifyInstance } from 'fastify';
import type { RunningService } from '@betterplus/kit';

export const DEV_CHECKOUT_PATH = '/dev/razorpay/pay';

/**
 * The sandbox checkout's call (POST /dev/razorpay/pay) handed to billing, which owns it. Only the
 * embedded stack routes /dev paths; billing registers the route only while it runs the sandbox.
 */
export function devCheckoutRoutes(app: FastifyInstance, billing: RunningService): void {
  app.post(DEV_CHECKOUT_PATH, async (request, reply) => {
    const answer = await billing.app.inject({
      method: 'POST',
      url: DEV_CHECKOUT_PATH,
      headers: { authorization: request.headers.authorization ?? '', 'content-type': 'application/json' },
      payload: JSON.stringify(request.body ?? {}),
    });
    return reply
      .status(answer.statusCode)
      .type(answer.headers['content-type'] ?? 'application/json')
      .send(answer.body);
  });
}
