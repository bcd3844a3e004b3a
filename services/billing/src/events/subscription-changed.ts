import type { Transaction } from '@betterplus/kit';
import { SubscriptionChangedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { SubscriptionRow } from '../db/subscriptions.ts';

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
