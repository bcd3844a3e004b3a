import type { EventHandler } from '@betterplus/kit';
import type { HandlerDeps } from './deps.ts';
import { onContactSubmitted } from './contact-submitted.ts';
import { onOtpRequested } from './otp-requested.ts';
import { onPasswordResetRequested } from './password-reset-requested.ts';
import { onPaymentFailed } from './payment-failed.ts';
import { onPaymentVerified } from './payment-verified.ts';
import { onPlanExpired } from './plan-expired.ts';
import { onSubscriptionCancelled } from './subscription-cancelled.ts';
import { onUserRegistered } from './user-registered.ts';
import { onUserUpdated } from './user-updated.ts';

/**
 * Everything notifications consumes: identity's account events (UserRegistered and UserUpdated
 * also keep the recipients billing's mails go to), billing's payment and subscription events,
 * and its own contact messages. The consumer subscribes to the topics these name.
 */
export const handlers = (deps: HandlerDeps): readonly EventHandler[] =>
  [
    onUserRegistered(deps),
    onUserUpdated(deps),
    onOtpRequested(deps),
    onPasswordResetRequested(deps),
    onContactSubmitted(deps),
    onPaymentVerified(deps),
    onPaymentFailed(deps),
    onSubscriptionCancelled(deps),
    onPlanExpired(deps),
  ].map((handler) => wakingSender(handler, deps.mailQueued));

/** A handler may queue mail; the sender is woken once the queueing transaction commits. */
const wakingSender = (handler: EventHandler, mailQueued: () => void): EventHandler => ({
  event: handler.event,
  async handle(payload, context) {
    await handler.handle(payload, context);
    context.afterCommit(mailQueued);
  },
});
