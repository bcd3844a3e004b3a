import type { Transaction } from '@betterplus/kit';
import { PaymentFailedEvent, PaymentVerifiedEvent, PlanExpiredEvent, SubscriptionCancelledEvent, SubscriptionChangedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { InvoiceRow } from '../db/invoices.ts';
import type { SubscriptionRow } from '../db/subscriptions.ts';
import { invoiceNumber } from '../domain/gst.ts';

/** Tells the other services (chat's entitlements first) the user's whole current plan, in the transaction that changed it. */
export async function publishSubscriptionChanged(tx: Transaction, subscription: SubscriptionRow): Promise<void> {
  await tx.publish(SubscriptionChangedEvent, subscription.user_id, {
    userId: subscription.user_id,
    plan: subscription.plan,
    queriesLimit: subscription.queries_limit,
    periodStart: timestampFromDate(subscription.start_date),
    periodEnd: timestampFromDate(subscription.end_date),
    status: subscription.status,
    changedAt: timestampFromDate(new Date()),
  });
}

export async function publishPaymentVerified(tx: Transaction, invoice: InvoiceRow, providerSubscriptionId: string): Promise<void> {
  await tx.publish(PaymentVerifiedEvent, invoice.user_id, {
    userId: invoice.user_id,
    paymentId: invoice.payment_id,
    providerSubscriptionId,
    invoiceId: BigInt(invoice.id),
    invoiceNumber: invoiceNumber(invoice.id),
    amountPaise: BigInt(invoice.amount_paise),
    plan: invoice.plan,
    periodStart: timestampFromDate(invoice.period_start),
    periodEnd: timestampFromDate(invoice.period_end),
    verifiedAt: timestampFromDate(new Date()),
  });
}

export async function publishCancelled(tx: Transaction, subscription: SubscriptionRow): Promise<void> {
  await publishSubscriptionChanged(tx, subscription);
  await tx.publish(SubscriptionCancelledEvent, subscription.user_id, {
    userId: subscription.user_id,
    providerSubscriptionId: subscription.provider_subscription_id ?? '',
    accessUntil: timestampFromDate(subscription.end_date),
    cancelledAt: timestampFromDate(new Date()),
  });
}

export async function publishPlanExpired(tx: Transaction, userId: string, at: Date): Promise<void> {
  await tx.publish(PlanExpiredEvent, userId, { userId, plan: 'premium', expiredAt: timestampFromDate(at) });
}

export async function publishPaymentFailed(
  tx: Transaction,
  failure: { userId: string; paymentId: string; providerSubscriptionId: string; amountPaise: number; reason: string; at: Date },
): Promise<void> {
  await tx.publish(PaymentFailedEvent, failure.userId, {
    userId: failure.userId,
    paymentId: failure.paymentId,
    providerSubscriptionId: failure.providerSubscriptionId,
    amountPaise: BigInt(failure.amountPaise),
    reason: failure.reason,
    failedAt: timestampFromDate(failure.at),
  });
}
