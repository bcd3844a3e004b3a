import { on } from '@betterplus/kit';
import { UserRegisteredEvent } from '@betterplus/events';
import { welcomeEmail } from '../../domain/emails/welcome.ts';
import type { HandlerDeps } from './index.ts';

/** Greets every new account. */
export const onUserRegistered = ({ deliver, publicUrl }: HandlerDeps) =>
  on(UserRegisteredEvent, async (event, { tx, envelope }) => {
    await deliver(tx, envelope.eventId, 'welcome', welcomeEmail({ name: event.name, email: event.email }, publicUrl));
  });
