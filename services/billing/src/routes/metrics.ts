import { createCounter, type Logger, type Metrics } from '@betterplus/kit';
import type { RefusedCharge } from '../db/refused-charges.ts';
import { REFUSAL_REASONS, type RefusalReason } from '../domain/charges.ts';

/** Why a checkout's payment was not confirmed (the reason label of payment_verification_failures_total). */
export const VERIFICATION_FAILURES = ['signature', 'not_paid', 'provider_refused', 'provider_unavailable'] as const;

/** What billing's routes count for the business dashboard and the payment alerts, once the change has committed. */
export function billingMetrics(registry: Metrics['registry']) {
  const payments = createCounter(registry, {
    name: 'payments_total',
    help: 'Premium payments: verified (charge applied once, by the checkout or a webhook) or failed (reported by a Razorpay webhook)',
    labels: { outcome: ['verified', 'failed'] },
  });
  const revenue = createCounter(registry, { name: 'revenue_paise_total', help: 'Amount of the verified payments, in paise (GST included)' });
  return {
    /** A verified payment of `amountPaise`, applied for the first time. */
    paid(amountPaise: number): void {
      payments.inc({ outcome: 'verified' });
      revenue.inc(amountPaise);
    },
    paymentFailed(): void {
      payments.inc({ outcome: 'failed' });
    },
    webhookSignatureFailures: createCounter(registry, {
      name: 'razorpay_webhook_signature_failures_total',
      help: 'Razorpay webhooks refused because their signature did not verify',
    }),
    subscriptionReads: createCounter(registry, {
      name: 'subscription_cache_reads_total',
      help: 'GET /api/subscription reads: hit (from memory), miss (from the database, then kept), bypass (from the database while change notifications are not heard)',
      labels: { read: ['hit', 'miss', 'bypass'] },
    }),
    chargesRefused: createCounter(registry, {
      name: 'charges_refused_total',
      help: "Charges reported by Razorpay (a webhook or a checkout to verify) that billing refused to apply, by reason: subscription (not one of billing's), plan, currency, amount (not the plan's price)",
      labels: { reason: REFUSAL_REASONS },
    }),
    verificationFailures: createCounter(registry, {
      name: 'payment_verification_failures_total',
      help: 'Checkout payments billing could not confirm, by reason: signature, not_paid, provider_refused, provider_unavailable',
      labels: { reason: VERIFICATION_FAILURES },
    }),
  };
}

export type BillingMetrics = ReturnType<typeof billingMetrics>;

/** A refused charge, recorded for the first time: counted for the alert, and logged for whoever answers it. */
export function alertRefusedCharge(counted: BillingMetrics, log: Pick<Logger, 'warn'>, refused: RefusedCharge<RefusalReason>): void {
  counted.chargesRefused.inc({ reason: refused.reason });
  const { attempt, source, reason, event, userId, providerSubscriptionId, paymentId, amountPaise, currency, planId } = refused;
  log.warn(
    { refusedCharge: { attempt, source, reason, event, userId, providerSubscriptionId, paymentId, amountPaise, currency, planId } },
    `refused a charge (${reason}): recorded in refused_charges, nothing applied`,
  );
}
