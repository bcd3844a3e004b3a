import { on } from '@betterplus/kit';
import { UserRegisteredEvent } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { addCustomer } from '../../db/customers.ts';
import { basicPeriod } from '../../domain/plans.ts';
import { startBasicPlan } from '../../use-cases/plan-changes.ts';
import { publishSubscriptionChanged } from '../publish.ts';

/** Every new account starts on Basic, for the India calendar month in which it was registered, and becomes a customer invoices are made out to. */
export const onUserRegistered = on(UserRegisteredEvent, async (event, { tx }) => {
  await addCustomer(tx, { userId: event.userId, name: event.name, email: event.email });
  const granted = await startBasicPlan(tx, event.userId, basicPeriod(event.registeredAt ? timestampDate(event.registeredAt) : new Date()));
  if (granted) await publishSubscriptionChanged(tx, granted);
});
