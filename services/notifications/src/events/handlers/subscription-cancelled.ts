import { on } from '@betterplus/kit';
import { SubscriptionCancelledEvent } from '@betterplus/events';
import { mailUser, subscriptionCancelled } from '../../use-cases/user-mail.ts';
import type { HandlerDeps } from './deps.ts';

/** Confirms a cancellation, and until when Premium lasts. */
export const onSubscriptionCancelled = (deps: HandlerDeps) =>
  on(SubscriptionCancelledEvent, (event, context) => mailUser(deps, subscriptionCancelled, event.userId, context));
