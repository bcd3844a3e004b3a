import type { Transaction } from '@betterplus/kit';
import { firstFailureReport } from '../db/payments.ts';
import { findProviderSubscription, reportProviderStatus } from '../db/provider-subscriptions.ts';
import { setPremiumStatus, type SubscriptionStatus } from '../db/subscriptions.ts';
import { publishCancelled, publishPaymentFailed, publishSubscriptionChanged } from '../events/publish.ts';
import { applyCharge } from './charges.ts';
import type { Supplier } from './supplier.ts';

/** The parts of a Razorpay webhook billing reads (https://razorpay.com/docs/webhooks/payloads/subscriptions/). */
export interface RazorpayWebhook {
  event: string;
  /** Unix seconds: when Razorpay raised the event. */
  created_at: number;
  payload: {
    subscription?: { entity: { id: string; status: string; current_start?: number | null } };
    payment?: { entity: { id: string; amount: number; status: string; error_description?: string | null; subscription_id?: string | null } };
  };
}

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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The webhook in `body`, or undefined when it is not one billing can read. */
export function parseWebhook(body: unknown): RazorpayWebhook | undefined {
  if (!isRecord(body) || typeof body.event !== 'string' || typeof body.created_at !== 'number' || !isRecord(body.payload)) return undefined;
  const entity = (key: string): Record<string, unknown> | undefined => {
    const part = (body.payload as Record<string, unknown>)[key];
    return isRecord(part) && isRecord(part.entity) ? part.entity : undefined;
  };
  const subscription = entity('subscription');
  const payment = entity('payment');
  if (subscription && (typeof subscription.id !== 'string' || typeof subscription.status !== 'string')) return undefined;
  if (payment && (typeof payment.id !== 'string' || typeof payment.amount !== 'number' || typeof payment.status !== 'string')) return undefined;
  return body as unknown as RazorpayWebhook;
}

/** What a webhook changed that billing counts: a charge applied for the first time, a failed payment first reported. */
export interface WebhookOutcome {
  chargedPaise?: number;
  paymentFailed?: true;
}

/** What the provider's status means for the user's Premium. */
function premiumStatusFor(providerStatus: string): SubscriptionStatus | undefined {
  if (['active', 'authenticated', 'pending', 'resumed'].includes(providerStatus)) return 'active';
  if (['halted', 'paused'].includes(providerStatus)) return 'halted';
  if (['cancelled', 'completed', 'expired'].includes(providerStatus)) return 'cancelled';
  return undefined;
}

/**
 * Applies one webhook in the caller's transaction (the one that logged its event id). Events
 * about subscriptions billing did not create are ignored; a status reported earlier than the
 * one recorded, or after the subscription ended, never moves it back.
 */
export async function applyWebhook(tx: Transaction, webhook: RazorpayWebhook, supplier: Supplier): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = {};
  const at = new Date(webhook.created_at * 1000);
  const subscription = webhook.payload.subscription?.entity;
  const payment = webhook.payload.payment?.entity;
  const providerSubscriptionId = subscription?.id ?? payment?.subscription_id ?? undefined;
  const known = providerSubscriptionId ? await findProviderSubscription(tx, providerSubscriptionId) : undefined;
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
    if ((await applyCharge(tx, charge, supplier)) === 'applied') outcome.chargedPaise = payment.amount;
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
