import { PermanentEventError, on } from '@betterplus/kit';
import { SubscriptionChangedEvent } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { applyEntitlement } from '../../db/entitlements.ts';

/** chat's entitlements follow billing's plans: the latest change billing made wins. */
export const onSubscriptionChanged = on(SubscriptionChangedEvent, async (event, { tx }) => {
  const { periodStart, periodEnd, changedAt } = event;
  if (!periodStart || !periodEnd || !changedAt) throw new PermanentEventError('a subscription change without its period or time');
  await applyEntitlement(tx, {
    userId: event.userId,
    plan: event.plan,
    status: event.status,
    queriesLimit: event.queriesLimit,
    periodStart: timestampDate(periodStart),
    periodEnd: timestampDate(periodEnd),
    changedAt: timestampDate(changedAt),
  });
});
