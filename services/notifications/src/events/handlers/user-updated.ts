import { on } from '@betterplus/kit';
import { UserUpdatedEvent } from '@betterplus/events';
import { lockRecipient, rememberRecipient } from '../../db/recipients.ts';
import { dateOf } from '../timestamps.ts';
import { releaseMailFor } from '../../use-cases/user-mail.ts';
import type { HandlerDeps } from './deps.ts';

/** A changed name: later mail greets the person by it. It also makes a user known (queuing mail held for them). */
export const onUserUpdated = (deps: HandlerDeps) =>
  on(UserUpdatedEvent, async (event, { tx, envelope }) => {
    await lockRecipient(tx, event.userId);
    await rememberRecipient(tx, { userId: event.userId, name: event.name, email: event.email, statedAt: dateOf(envelope.occurredAt) ?? new Date() });
    await releaseMailFor(deps, tx, event.userId);
  });
