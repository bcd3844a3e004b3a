import { PermanentEventError, on } from '@betterplus/kit';
import { PaymentFailedEvent, PaymentVerifiedEvent, PlanExpiredEvent, SubscriptionCancelledEvent, SubscriptionChangedEvent } from '@betterplus/events';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { recordPayment, recordProviderExpired, recordProviderSubscription, recordSubscription } from '../../db/read-models.ts';

const required = (time: Timestamp | undefined, what: string): Date => {
  if (!time) throw new PermanentEventError(`${what} without its time`);
  return timestampDate(time);
};

export const onSubscriptionChanged = on(SubscriptionChangedEvent, async (event, { tx }) => {
  await recordSubscription(tx, {
    userId: event.userId,
    plan: event.plan,
    status: event.status,
    queriesLimit: event.queriesLimit,
    periodStart: required(event.periodStart, 'a subscription change'),
    periodEnd: required(event.periodEnd, 'a subscription change'),
    changedAt: required(event.changedAt, 'a subscription change'),
  });
});

export const onPaymentVerified = on(PaymentVerifiedEvent, async (event, { tx }) => {
  await recordPayment(tx, {
    paymentId: event.paymentId,
    userId: event.userId,
    providerSubscriptionId: event.providerSubscriptionId,
    amountPaise: event.amountPaise,
    at: required(event.verifiedAt, 'a payment'),
  });
});

export const onPaymentFailed = on(PaymentFailedEvent, async (event, { tx }) => {
  await recordProviderSubscription(tx, {
    userId: event.userId,
    providerSubscriptionId: event.providerSubscriptionId,
    status: 'pending',
    at: required(event.failedAt, 'a failed payment'),
  });
});

export const onSubscriptionCancelled = on(SubscriptionCancelledEvent, async (event, { tx }) => {
  await recordProviderSubscription(tx, {
    userId: event.userId,
    providerSubscriptionId: event.providerSubscriptionId,
    status: 'cancelled',
    at: required(event.cancelledAt, 'a cancellation'),
  });
});

export const onPlanExpired = on(PlanExpiredEvent, async (event, { tx }) => {
  await recordProviderExpired(tx, event.userId, required(event.expiredAt, 'an expiry'));
});
