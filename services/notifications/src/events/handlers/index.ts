import type { EventHandler, OpenSecret } from '@betterplus/kit';
import type { Deliver } from '../deliver.ts';
import { onContactSubmitted } from './contact-submitted.ts';
import { onOtpRequested } from './otp-requested.ts';
import { onPasswordResetRequested } from './password-reset-requested.ts';
import { onUserRegistered } from './user-registered.ts';

export interface HandlerDeps {
  deliver: Deliver;
  /** Called once a handler's transaction has committed: the mail it queued can go now. */
  mailQueued: () => void;
  publicUrl: string;
  supportEmail: string;
  /** Opens the codes and tokens identity seals to notifications' public key. */
  openSecret: OpenSecret;
}

/** Everything notifications consumes: identity's account events and its own contact messages. */
export const handlers = (deps: HandlerDeps): readonly EventHandler[] =>
  [onUserRegistered(deps), onOtpRequested(deps), onPasswordResetRequested(deps), onContactSubmitted(deps)].map((handler) => wakingSender(handler, deps.mailQueued));

/** Every handler queues mail; the sender is woken once the queueing transaction commits. */
const wakingSender = (handler: EventHandler, mailQueued: () => void): EventHandler => ({
  event: handler.event,
  async handle(payload, context) {
    await handler.handle(payload, context);
    context.afterCommit(mailQueued);
  },
});
