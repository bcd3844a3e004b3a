import { on } from '@betterplus/kit';
import { UserRegisteredEvent } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { startBasicPlan } from '../../db/subscriptions.ts';

/** Every new account starts on Basic, from the moment it was registered. */
export const onUserRegistered = on(UserRegisteredEvent, async (event, { tx }) => {
  await startBasicPlan(tx, event.userId, event.registeredAt ? timestampDate(event.registeredAt) : new Date());
});
