import { on } from '@betterplus/kit';
import { UserRegisteredEvent } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { startBasicPlan } from '../../db/subscriptions.ts';
import { basicPeriod } from '../../domain/plans.ts';
import { publishSubscriptionChanged } from '../subscription-changed.ts';

/** Every new account starts on Basic, for the India calendar month in which it was registered. */
export const onUserRegistered = on(UserRegisteredEvent, async (event, { tx }) => {
  const granted = await startBasicPlan(tx, event.userId, basicPeriod(event.registeredAt ? timestampDate(event.registeredAt) : new Date()));
  if (granted) await publishSubscriptionChanged(tx, granted);
});
