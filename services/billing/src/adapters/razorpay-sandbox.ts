/**
 * The embedded sandbox: a local stand-in for Razorpay in TEST MODE. It speaks Razorpay's REST
 * protocol for exactly what the adapter calls (so the same SDK talks to it), completes checkouts
 * as Razorpay's would, and signs and delivers the webhooks that follow. A fake of an outside
 * provider, kept small: the entity shapes follow Razorpay's documentation
 * (https://razorpay.com/docs/api/payments/subscriptions/, https://razorpay.com/docs/api/payments/entity/,
 * https://razorpay.com/docs/webhooks/subscriptions/).
 */
import { createHash } from 'node:crypto';
import type { ProviderSubscriptionStatus } from '../domain/payment-gateway.ts';
import { razorpaySignature } from '../domain/signatures.ts';
import { serveSandboxApi } from './razorpay-sandbox-api.ts';
import {
  newId,
  newPayment,
  openSandboxStore,
  startCycle,
  unix,
  type PaymentEntity,
  type SandboxStore,
  type SubscriptionEntity,
} from './razorpay-sandbox-store.ts';

export const SUBSCRIPTION_EVENTS = [
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
  'subscription.paused',
  'subscription.resumed',
  'subscription.updated',
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

/** One webhook delivery exactly as sent: replaying it keeps its event id. */
export interface SandboxWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

/** What Razorpay's checkout hands the browser after a subscription's first payment. */
export interface CheckoutResult {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

export interface RazorpaySandboxOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The one plan it knows (plan_...). */
  planId: string;
  /** What each cycle charges. */
  amountPaise: number;
  /** Hands a signed webhook to the receiver; rejects when the receiver refuses it. */
  deliverWebhook: (rawBody: string, headers: Record<string, string>) => Promise<void>;
  now?: () => Date;
  /** Keeps subscriptions and payments in this JSON file, so a restart does not forget them. */
  stateFile?: string;
  /** 0 (the default) picks a free one. */
  port?: number;
}

export interface RazorpaySandbox {
  /** Base URL for the adapter's apiUrl (without /v1). */
  readonly url: string;
  /**
   * Completes the checkout: a captured first payment, the subscription active for one calendar
   * month from now. Delivers subscription.activated and subscription.charged before it returns;
   * a receiver that refuses them does not fail the checkout (as with Razorpay, which retries later).
   */
  pay(subscriptionId: string): Promise<CheckoutResult>;
  /** The next cycle's charge and its subscription.charged; answers the payment id. */
  renew(subscriptionId: string): Promise<string>;
  /** A failed charge: payment.failed, then subscription.pending; answers the payment id. */
  failPayment(subscriptionId: string): Promise<string>;
  /** The event happens (state events set the status) and its webhook is delivered; rejects when refused. */
  sendEvent(event: SubscriptionEvent, subscriptionId: string, paymentId?: string): Promise<SandboxWebhook>;
  /** The event happens as with sendEvent, but its webhook is only built, for the caller to deliver. */
  webhook(event: SubscriptionEvent, subscriptionId: string, paymentId?: string): Promise<SandboxWebhook>;
  /** Stops serving once the webhooks it is still sending are out; a second call waits for the first. */
  close(): Promise<void>;
}

/** The status each state event leaves the subscription in. */
const statusAfter: Partial<Record<SubscriptionEvent, ProviderSubscriptionStatus>> = {
  'subscription.authenticated': 'authenticated',
  'subscription.activated': 'active',
  'subscription.pending': 'pending',
  'subscription.halted': 'halted',
  'subscription.cancelled': 'cancelled',
  'subscription.completed': 'completed',
  'subscription.paused': 'paused',
  'subscription.resumed': 'active',
};
/** Events whose payload carries the payment that led to them, as Razorpay's do. */
const carriesPayment = new Set<SubscriptionEvent>(['subscription.activated', 'subscription.charged', 'subscription.pending']);

interface SandboxParts {
  options: RazorpaySandboxOptions;
  clock: () => Date;
  store: SandboxStore;
}

/** Signs, sends and (for events the caller makes happen) applies the sandbox's webhooks. */
function sandboxWebhooks({ options, clock, store }: SandboxParts) {
  // Stable across restarts, so webhooks keep naming the same account.
  const accountId = `acc_${createHash('sha256').update(options.keyId).digest('hex').slice(0, 14)}`;
  const background = new Set<Promise<void>>();

  /** Signs a snapshot of the entities as they are now. */
  function build(event: string, subscription: SubscriptionEntity | undefined, payment: PaymentEntity | undefined): SandboxWebhook {
    const contains = [...(subscription ? ['subscription'] : []), ...(payment ? ['payment'] : [])];
    const payload = { ...(subscription && { subscription: { entity: subscription } }), ...(payment && { payment: { entity: payment } }) };
    const rawBody = JSON.stringify({ entity: 'event', account_id: accountId, event, contains, payload, created_at: unix(clock()) });
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': razorpaySignature(options.webhookSecret, rawBody),
        'x-razorpay-event-id': newId(''),
      },
    };
  }

  /** Delivers in order; a refusal is the receiver's to notice (Razorpay would retry), not the caller's. */
  async function deliverQuietly(...webhooks: SandboxWebhook[]): Promise<void> {
    for (const { rawBody, headers } of webhooks) await options.deliverWebhook(rawBody, headers).catch(() => undefined);
  }

  function inBackground(work: Promise<void>): void {
    background.add(work);
    void work.finally(() => background.delete(work));
  }

  async function happen(event: SubscriptionEvent, subscriptionId: string, paymentId?: string): Promise<SandboxWebhook> {
    const record = store.find(subscriptionId);
    const subscription = record.entity;
    let payment: PaymentEntity | undefined;
    if (paymentId !== undefined) {
      payment = store.payments[paymentId];
      if (payment?.subscription_id !== subscriptionId) throw new Error(`payment ${paymentId} is not a payment of ${subscriptionId}`);
    } else if (carriesPayment.has(event)) {
      payment = store.latestPayment(subscriptionId);
    }
    const status = statusAfter[event];
    if (status) subscription.status = status;
    if (status === 'cancelled' || status === 'completed') {
      // A cancellation scheduled for the cycle's end takes effect then; any other, now.
      subscription.ended_at = record.cancelAtCycleEnd && subscription.current_end !== null ? subscription.current_end : unix(clock());
      subscription.charge_at = null;
    }
    await store.persist();
    return build(event, subscription, payment);
  }

  return { build, deliverQuietly, inBackground, happen, sent: () => Promise.all(background) };
}

/** The charges Razorpay makes: the checkout's first payment, a renewal, a failed charge; each with the webhooks that follow it. */
function sandboxCharges(
  { options, clock, store }: SandboxParts,
  webhooks: ReturnType<typeof sandboxWebhooks>,
): Pick<RazorpaySandbox, 'pay' | 'renew' | 'failPayment'> {
  const { build, deliverQuietly } = webhooks;
  const charge = (subscription: SubscriptionEntity, captured: boolean): PaymentEntity => {
    const payment = newPayment(subscription, options.amountPaise, captured, clock());
    store.payments[payment.id] = payment;
    return payment;
  };
  return {
    async pay(subscriptionId) {
      const subscription = store.find(subscriptionId).entity;
      if (subscription.status !== 'created' && subscription.status !== 'authenticated') {
        throw new Error(`subscription ${subscriptionId} is ${subscription.status}: only a created or authenticated one can be paid`);
      }
      subscription.customer_id ??= newId('cust_');
      subscription.payment_method = 'card';
      const payment = charge(subscription, true);
      startCycle(subscription, unix(clock()));
      await store.persist();
      await deliverQuietly(build('subscription.activated', subscription, payment), build('subscription.charged', subscription, payment));
      return {
        razorpay_payment_id: payment.id,
        razorpay_subscription_id: subscription.id,
        razorpay_signature: razorpaySignature(options.keySecret, `${payment.id}|${subscription.id}`),
      };
    },

    async renew(subscriptionId) {
      const record = store.find(subscriptionId);
      const subscription = record.entity;
      if (record.cancelAtCycleEnd) throw new Error(`subscription ${subscriptionId} is cancelled at its cycle's end and does not renew`);
      if (!['active', 'pending', 'halted'].includes(subscription.status))
        throw new Error(`subscription ${subscriptionId} is ${subscription.status} and does not renew`);
      const reactivated = subscription.status !== 'active';
      const payment = charge(subscription, true);
      startCycle(subscription, subscription.current_end ?? unix(clock()));
      await store.persist();
      const charged = build('subscription.charged', subscription, payment);
      await (reactivated ? deliverQuietly(build('subscription.activated', subscription, payment), charged) : deliverQuietly(charged));
      return payment.id;
    },

    async failPayment(subscriptionId) {
      const subscription = store.find(subscriptionId).entity;
      if (subscription.status !== 'active' && subscription.status !== 'pending')
        throw new Error(`subscription ${subscriptionId} is ${subscription.status}: there is no charge to fail`);
      const payment = charge(subscription, false);
      subscription.status = 'pending';
      subscription.auth_attempts += 1;
      await store.persist();
      await deliverQuietly(build('payment.failed', undefined, payment), build('subscription.pending', subscription, payment));
      return payment.id;
    },
  };
}

export async function startRazorpaySandbox(options: RazorpaySandboxOptions): Promise<RazorpaySandbox> {
  const parts: SandboxParts = { options, clock: options.now ?? (() => new Date()), store: await openSandboxStore(options.stateFile) };
  const webhooks = sandboxWebhooks(parts);
  const api = await serveSandboxApi(
    {
      ...parts,
      planId: options.planId,
      cancelledNow: (subscription) => {
        webhooks.inBackground(webhooks.deliverQuietly(webhooks.build('subscription.cancelled', subscription, undefined)));
      },
    },
    options,
  );
  let closing: Promise<void> | undefined;
  return {
    url: api.url,
    ...sandboxCharges(parts, webhooks),
    async sendEvent(event, subscriptionId, paymentId) {
      const webhook = await webhooks.happen(event, subscriptionId, paymentId);
      await options.deliverWebhook(webhook.rawBody, webhook.headers);
      return webhook;
    },
    webhook: webhooks.happen,
    close() {
      closing ??= (async () => {
        await api.close();
        await webhooks.sent();
        await parts.store.saved();
      })();
      return closing;
    },
  };
}
