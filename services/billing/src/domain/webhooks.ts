import { Type, type Static } from '@betterplus/kit';
import { chargeRefusal, type RefusalReason } from './charges.ts';

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
        entity: Type.Object({
          id: Id,
          status: Type.String({ maxLength: 32 }),
          plan_id: Type.Optional(Type.String({ maxLength: 64 })),
          current_start: Type.Optional(Type.Union([UnixSeconds, Type.Null()])),
        }),
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

/** What the provider's status means for the user's Premium. */
export function premiumStatusFor(providerStatus: string): 'active' | 'halted' | 'cancelled' | undefined {
  if (['active', 'authenticated', 'pending', 'resumed'].includes(providerStatus)) return 'active';
  if (['halted', 'paused'].includes(providerStatus)) return 'halted';
  if (['cancelled', 'completed', 'expired'].includes(providerStatus)) return 'cancelled';
  return undefined;
}

/**
 * Why the webhook must not be applied: a charge of a subscription billing did not create, or
 * any event whose subscription is not on billing's plan or whose payment is not the plan's price.
 */
export function webhookRefusal(webhook: RazorpayWebhook, knownSubscriptionId: string | undefined, planId: string): RefusalReason | undefined {
  if (knownSubscriptionId === undefined) return webhook.event === 'subscription.charged' ? 'subscription' : undefined;
  const subscription = webhook.payload.subscription?.entity;
  const payment = webhook.payload.payment?.entity;
  return chargeRefusal(
    {
      subscriptionId: knownSubscriptionId,
      ...(subscription && { subscription: { planId: subscription.plan_id } }),
      ...(payment && { payment: { subscriptionId: payment.subscription_id, amountPaise: payment.amount, currency: payment.currency } }),
    },
    planId,
  );
}
