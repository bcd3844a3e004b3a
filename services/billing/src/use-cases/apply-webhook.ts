import type { Transaction, UnitOfWork } from '@betterplus/kit';
import { firstFailureReport } from '../db/payments.ts';
import { findProviderSubscription, reportProviderStatus } from '../db/provider-subscriptions.ts';
import { recordRefusedCharge, type RefusedCharge } from '../db/refused-charges.ts';
import { firstDelivery } from '../db/webhook-events.ts';
import { setPremiumStatus } from '../db/subscriptions.ts';
import type { RefusalReason } from '../domain/charges.ts';
import type { Supplier } from '../domain/supplier.ts';
import { premiumStatusFor, webhookRefusal, type RazorpayWebhook } from '../domain/webhooks.ts';
import { publishPaymentFailed, publishSubscriptionChanged } from '../events/publish.ts';
import { applyCharge } from './apply-charge.ts';
import { cancelPremium } from './plan-changes.ts';

/** What a webhook changed that billing counts: a charge applied for the first time, a failed payment first reported, a charge refused. */
export interface WebhookOutcome {
  chargedPaise?: number;
  paymentFailed?: true;
  refused?: RefusedCharge<RefusalReason>;
}

export interface WebhookContext {
  /** The event id the delivery was logged under. */
  eventId: string;
  /** Billing's Premium plan at the provider. */
  planId: string;
  supplier: Supplier;
}

/** Applies the webhook in the transaction that logs its event id; a replay finds it logged and changes nothing (undefined). */
export const applyWebhookOnce = (uow: UnitOfWork, webhook: RazorpayWebhook, context: WebhookContext): Promise<WebhookOutcome | undefined> =>
  uow.run(async (tx) => ((await firstDelivery(tx, context.eventId, webhook.event)) ? applyWebhook(tx, webhook, context) : undefined));

/**
 * Applies one webhook in the caller's transaction (the one that logged its event id). A charge
 * that is not the plan's (webhookRefusal) is recorded and nothing else happens; other events about
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
  const reason = webhookRefusal(webhook, known?.id, context.planId);
  if (reason) {
    const refused: RefusedCharge<RefusalReason> = {
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
    await publishPaymentFailed(tx, {
      userId,
      paymentId: failed.id,
      providerSubscriptionId: known.id,
      amountPaise: failed.amount,
      reason: failed.error_description ?? '',
      at,
    });
    outcome.paymentFailed = true;
  }
  if (webhook.event === 'payment.failed') return outcome;
  if (webhook.event === 'subscription.charged' && payment?.status === 'captured' && subscription?.current_start) {
    const charge = {
      userId,
      providerSubscriptionId: known.id,
      paymentId: payment.id,
      amountPaise: payment.amount,
      cycleStart: new Date(subscription.current_start * 1000),
    };
    if ((await applyCharge(tx, charge, context.supplier)) === 'applied') outcome.chargedPaise = payment.amount;
  }
  if (!subscription || !(await reportProviderStatus(tx, known.id, subscription.status, at))) return outcome;
  const status = premiumStatusFor(subscription.status);
  if (status === 'cancelled') {
    await cancelPremium(tx, known.id);
  } else if (status) {
    const changed = await setPremiumStatus(tx, known.id, [status === 'active' ? 'halted' : 'active'], status);
    if (changed) await publishSubscriptionChanged(tx, changed);
  }
  return outcome;
}
