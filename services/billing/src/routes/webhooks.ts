import { createHash } from 'node:crypto';
import { ErrorResponse, Type, badRequest, type ServiceApp, type UnitOfWork } from '@betterplus/kit';
import { webhookSignatureValid } from '../domain/signatures.ts';
import type { Supplier } from '../domain/supplier.ts';
import { HANDLED_EVENTS, RazorpayWebhookBody } from '../domain/webhooks.ts';
import { applyWebhookOnce } from '../use-cases/apply-webhook.ts';
import { alertRefusedCharge, type BillingMetrics } from './metrics.ts';

export const WEBHOOK_PATH = '/api/billing/webhooks/razorpay';

const handled = new Set<string>(HANDLED_EVENTS);

export interface WebhookDeps {
  uow: UnitOfWork;
  webhookSecret: string;
  /** Billing's Premium plan at the provider: a charge on any other is refused. */
  planId: string;
  supplier: Supplier;
  counted: BillingMetrics;
}

/**
 * Razorpay's webhooks: the signature is checked over the raw body exactly as received, before
 * anything reads it; then the body passes the checks every route's input passes (NUL
 * characters, its schema), and the event is applied in the transaction that logs its id, so a
 * replay changes nothing. Only the database is touched, so the answer comes fast.
 */
export function webhookRoutes(app: ServiceApp, deps: WebhookDeps): void {
  void app.register(async (scope: ServiceApp) => {
    // The signature covers the bytes Razorpay sent; parsed and serialised again they may differ.
    // So the parser checks it on them, keeps them, and parses them as any JSON body is parsed.
    const rawBodies = new WeakMap<object, Buffer>();
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const raw = body as Buffer;
      const signature = request.headers['x-razorpay-signature'];
      if (typeof signature !== 'string' || !webhookSignatureValid(deps.webhookSecret, raw, signature)) {
        deps.counted.webhookSignatureFailures.inc();
        done(badRequest('Invalid webhook signature', 'INVALID_SIGNATURE'), undefined);
        return;
      }
      rawBodies.set(request, raw);
      void parseJson(request, raw.toString('utf8'), done);
    });
    scope.post(
      WEBHOOK_PATH,
      {
        schema: {
          summary: "Razorpay's subscription and payment webhooks, signed with the webhook secret",
          body: RazorpayWebhookBody,
          response: { 200: Type.Object({ received: Type.Boolean(), applied: Type.Boolean() }), 400: ErrorResponse, 415: ErrorResponse },
        },
      },
      async (request) => {
        const webhook = request.body;
        if (!handled.has(webhook.event)) return { received: true, applied: false };
        const given = request.headers['x-razorpay-event-id'];
        const eventId =
          typeof given === 'string' && given.length > 0 && given.length <= 100
            ? given
            : createHash('sha256')
                .update(rawBodies.get(request) ?? '')
                .digest('hex');
        const outcome = await applyWebhookOnce(deps.uow, webhook, { eventId, planId: deps.planId, supplier: deps.supplier });
        if (outcome?.chargedPaise !== undefined) deps.counted.paid(outcome.chargedPaise);
        if (outcome?.paymentFailed) deps.counted.paymentFailed();
        if (outcome?.refused) alertRefusedCharge(deps.counted, request.log, outcome.refused);
        return { received: true, applied: outcome !== undefined && outcome.refused === undefined };
      },
    );
  });
}
