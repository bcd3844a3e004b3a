import { createHash } from 'node:crypto';
import { ErrorResponse, Type, badRequest, type ServiceApp, type UnitOfWork } from '@betterplus/kit';
import { firstDelivery } from '../db/webhook-events.ts';
import { webhookSignatureValid } from '../domain/signatures.ts';
import type { Supplier } from '../domain/supplier.ts';
import { HANDLED_EVENTS, applyWebhook, parseWebhook } from '../domain/webhooks.ts';
import type { BillingMetrics } from './metrics.ts';

export const WEBHOOK_PATH = '/api/billing/webhooks/razorpay';

const handled = new Set<string>(HANDLED_EVENTS);

/**
 * Razorpay's webhooks: the signature is checked over the raw body exactly as received, then the
 * event is applied in the transaction that logs its id, so a replay changes nothing. Only the
 * database is touched, so the answer comes fast.
 */
export function webhookRoutes(app: ServiceApp, deps: { uow: UnitOfWork; webhookSecret: string; supplier: Supplier; counted: BillingMetrics }): void {
  void app.register(async (scope) => {
    // The signature covers the bytes Razorpay sent; parsed and serialised again they may differ.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      WEBHOOK_PATH,
      {
        schema: {
          summary: "Razorpay's subscription and payment webhooks, signed with the webhook secret",
          response: { 200: Type.Object({ received: Type.Boolean(), applied: Type.Boolean() }), 400: ErrorResponse, 415: ErrorResponse },
        },
      },
      async (request) => {
        const raw = request.body as Buffer;
        const signature = request.headers['x-razorpay-signature'];
        if (typeof signature !== 'string' || !webhookSignatureValid(deps.webhookSecret, raw, signature)) {
          deps.counted.webhookSignatureFailures.inc();
          throw badRequest('Invalid webhook signature', 'INVALID_SIGNATURE');
        }
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest('The webhook body is not JSON', 'INVALID_WEBHOOK');
        }
        const webhook = parseWebhook(body);
        if (!webhook) throw badRequest('The webhook is not one billing can read', 'INVALID_WEBHOOK');
        if (!handled.has(webhook.event)) return { received: true, applied: false };
        const given = request.headers['x-razorpay-event-id'];
        const eventId = typeof given === 'string' && given.length > 0 && given.length <= 100 ? given : createHash('sha256').update(raw).digest('hex');
        const outcome = await deps.uow.run(async (tx) => ((await firstDelivery(tx, eventId, webhook.event)) ? applyWebhook(tx, webhook, deps.supplier) : undefined));
        if (outcome?.chargedPaise !== undefined) deps.counted.paid(outcome.chargedPaise);
        if (outcome?.paymentFailed) deps.counted.paymentFailed();
        return { received: true, applied: outcome !== undefined };
      },
    );
  });
}
