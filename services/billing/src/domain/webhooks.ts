import { Type, type Static, type Transaction } from '@betterplus/kit';
import { firstFailureReport } from '../db/payments.ts';
import { findProviderSubscription, reportProviderStatus, type ProviderSubscriptionRow } from '../db/provider-subscriptions.ts';
import { recordRefusedCharge, type RefusedCharge } from '../db/refused-charges.ts';
import { setPremiumStatus, type SubscriptionStatus } from '../db/subscriptions.ts';
import { publishCancelled, publishPaymentFailed, publishSubscriptionChanged } from '../events/publish.ts';
import { applyCharge, chargeRefusal, type RefusalReason } from './charges.ts';
import type { Supplier } from './supplier.ts';

const Id = Type.String({ minLength: 1, maxLength: 64 });
/** Razorpay's times: whole seconds since 1970, up to the year 9999. */
const UnixSeconds = Type.Integer({ minimum: 0, maximum: 253_402_300_799 });

/**
 * The parts of a Razorpay webhook billing reads (https://razorpay.com/docs/webhooks/payloads/subscriptions/),
 * checked as every route's input is; other fields may be anything.
 */
export const RazorpayWebhookBody = Type.Object({
  event: Type.String({ minLength: 1, maxLength: 100 }),
  /** When Razorpay raised the event. */
  created_at: UnixSeconds,
  payload: Type.Object({
    subscription: Type.Optional(
      Type.Object({
        entity: Type.Object({ id: Id, status: Type.String({ maxLength: 32 }), plan_id: Type.Optional(Type.String({ maxLength: 64 })), current_start: Type.Optional(Type.Union([UnixSeconds, Type.Null()])) }),
      }),
    ),
    payment: Type.Optional(
      Type.Object({
        entity: Type.Object({
          id: Id,
          /** In the currency's smallest unit (paise). */
          amount: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
          currency: Type.Optional(Type.String({ maxLength: 8 })),
          status: Type.String({ maxLength: 32 }),
          error_description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
          subscription_id: Type.Optional(Type.Union([Id, Type.Null()])),
        }),
      }),
    ),
  }),
});
export type RazorpayWebhook = Static<typeof RazorpayWebhookBody>;

export const HANDLED_EVENTS = [
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
  'subscription.paused',
  'subscription.resumed',
  'subscription.updated',
  'payment.failed',
] as const;

/** What a webhook changed that billing counts: a charge applied for the first time, a failed payment first reported, a charge refused. */
export interface WebhookOutcome {
  chargedPaise?: number;
  paymentFailed?: true;
  refused?: RefusedCharge;
}

export interface WebhookContext {
  /** The event id the delivery was logged under. */
  eventId: string;
  /** Billing's Premium plan at the provider. */
  planId: string;
  supplier: Supplier;
}

/** What the provider's status means for the user's Premium. */
function premiumStatusFor(providerStatus: string): SubscriptionStatus | undefined {
  if (['active', 'authenticated', 'pending', 'resumed'].includes(providerStatus)) return 'active';
  if (['halted', 'paused'].includes(providerStatus)) return 'halted';
  if (['cancelled', 'completed', 'expired'].includes(providerStatus)) return 'cancelled';
  return undefined;
}

/**
 * Why the webhook must not be applied: a charge of a subscription billing did not create, or
 * any event whose subscription is not on billing's plan or whose payment is not the plan's price.
 */
function refusalOf(webhook: RazorpayWebhook, known: ProviderSubscriptionRow | undefined, planId: string): RefusalReason | undefined {
  if (!known) return webhook.event === 'subscription.charged' ? 'subscription' : undefined;
  const subscription = webhook.payload.subscription?.entity;
  const payment = webhook.payload.payment?.entity;
  return chargeRefusal(
    {
      subscriptionId: known.id,
      ...(subscription && { subscription: { planId: subscription.plan_id } }),
      ...(payment && { payment: { subscriptionId: payment.subscription_id, amountPaise: payment.amount, currency: payment.currency } }),
    },
    planId,
  );
}

/**
 * Applies one webhook in the caller's transaction (the one that logged its event id). A charge
 * that is not the plan's (refusalOf) is recorded and nothing else happens; other events about
 * subscriptions billing did not create are ignored; a status reported earlier than the one
 * recorded, or after the subscription ended, never moves it back.
 */
export async function applyWebhook(tx: Transaction, webhook: RazorpayWebhook, context: WebhookContext): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = {};
  const at = new Date(webhook.created_at * 1000);
  const subscription = webhook.payload.subscription?.entity;
  const payment = webhook.payload.payment?.entity;
  const providerSubscriptionId = subscription?.id ?? payment?.subscription_id ?? undefined;
  const known = providerSubscriptionId ? await findProviderSubscription(tx, providerSubscriptionId) : undefined;
  const reason = refusalOf(webhook, known, context.planId);
  if (reason) {
    const refused: RefusedCharge = {
      attempt: context.eventId,
      source: 'webhook',
      reason,
      event: webhook.event,
      userId: known?.user_id ?? null,
      providerSubscriptionId: providerSubscriptionId ?? null,
      paymentId: payment?.id ?? null,
      amountPaise: payment?.amount ?? null,
      currency: payment?.currency ?? null,
      planId: subscription?.plan_id ?? null,
      report: webhook,
    };
    if (await recordRefusedCharge(tx, refused)) outcome.refused = refused;
    return outcome;
  }
  if (!known) return outcome;
  const userId = known.user_id;

  // Razorpay's payment entity may not name its subscription; subscription.pending, which follows
  // a failed charge, carries both. Whichever arrives first tells notifications, once.
  const failed = webhook.event === 'payment.failed' || webhook.event === 'subscription.pending' ? payment : undefined;
  if (failed && (await firstFailureReport(tx, failed.id, userId))) {
    await publishPaymentFailed(tx, { userId, paymentId: failed.id, providerSubscriptionId: known.id, amountPaise: failed.amount, reason: failed.error_description ?? '', at });
    outcome.paymentFailed = true;
  }
  if (webhook.event === 'payment.failed') return outcome;
  if (webhook.event === 'subscription.charged' && payment?.status === 'captured' && subscription?.current_start) {
    const charge = { userId, providerSubscriptionId: known.id, paymentId: payment.id, amountPaise: payment.amount, cycleStart: new Date(subscription.current_start * 1000) };
    if ((await applyCharge(tx, charge, context.supplier)) === 'applied') outcome.chargedPaise = payment.amount;
  }
  if (!subscription || !(await reportProviderStatus(tx, known.id, subscription.status, at))) return outcome;
  const status = premiumStatusFor(subscription.status);
  if (status === 'cancelled') {
    const cancelled = await setPremiumStatus(tx, known.id, ['active', 'halted'], 'cancelled');
    if (cancelled) await publishCancelled(tx, cancelled);
  } else if (status) {
    const changed = await setPremiumStatus(tx, known.id, [status === 'active' ? 'halted' : 'active'], status);
    if (changed) await publishSubscriptionChanged(tx, changed);
  }
  return outcome;
}
