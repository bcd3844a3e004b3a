import { PermanentEventError, on } from '@betterplus/kit';
import { UserRegisteredEvent, UserUpdatedEvent } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { recordProfile, recordRegistration } from '../../db/read-models.ts';

export const onUserRegistered = on(UserRegisteredEvent, async (event, { tx }) => {
  if (!event.registeredAt) throw new PermanentEventError('a registration without its time');
  await recordRegistration(tx, { userId: event.userId, name: event.name, email: event.email, registeredAt: timestampDate(event.registeredAt) });
});

export const onUserUpdated = on(UserUpdatedEvent, async (event, { tx }) => {
  await recordProfile(tx, { userId: event.userId, name: event.name, email: event.email });
});
