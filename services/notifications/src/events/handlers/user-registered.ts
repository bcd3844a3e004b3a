import { on } from '@betterplus/kit';
import { UserRegisteredEvent } from '@betterplus/events';
import { lockRecipient, rememberRecipient } from '../../db/recipients.ts';
import { welcomeEmail } from '../../domain/emails/welcome.ts';
import { dateOf } from '../timestamps.ts';
import { releaseMailFor } from '../../use-cases/user-mail.ts';
import type { HandlerDeps } from './deps.ts';

/** Greets every new account, and remembers where its later mail goes (queuing any held for it). */
export const onUserRegistered = (deps: HandlerDeps) =>
  on(UserRegisteredEvent, async (event, { tx, envelope }) => {
    const to = { name: event.name, email: event.email };
    await lockRecipient(tx, event.userId);
    await rememberRecipient(tx, { userId: event.userId, ...to, statedAt: dateOf(envelope.occurredAt) ?? new Date() });
    await releaseMailFor(deps, tx, event.userId);
    await deps.deliver(tx, envelope.eventId, 'welcome', welcomeEmail(to, deps.publicUrl));
  });
