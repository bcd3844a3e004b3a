import { decodePayload, type HandlerContext, type Logger, type MailMessage, type Transaction } from '@betterplus/kit';
import { PaymentFailedEvent, PaymentVerifiedEvent, PlanExpiredEvent, SubscriptionCancelledEvent, type Envelope } from '@betterplus/events';
import type { EmailKind } from '../db/deliveries.ts';
import { heldMailsOf, holdMail, releaseHeldMail, type HeldMail } from '../db/held-mails.ts';
import { findRecipient, lockRecipient, type Recipient } from '../db/recipients.ts';
import { paymentFailedEmail } from '../domain/emails/payment-failed.ts';
import { paymentReceiptEmail } from '../domain/emails/payment-receipt.ts';
import { planExpiredEmail } from '../domain/emails/plan-expired.ts';
import { subscriptionCancelledEmail } from '../domain/emails/subscription-cancelled.ts';
import { dateOf } from '../events/timestamps.ts';
import type { Deliver } from './deliver.ts';

/**
 * A mail about an event that names its user by id only (billing's), rendered from the event's
 * envelope, so a mail held for its recipient is written exactly as it would have been at once.
 */
export interface UserMail {
  kind: EmailKind;
  /** The event's type name: a held mail is rendered by the definition of its type. */
  type: string;
  render(envelope: Envelope, to: Recipient, publicUrl: string): MailMessage;
}

export const paymentReceipt: UserMail = {
  kind: 'payment_receipt',
  type: PaymentVerifiedEvent.schema.typeName,
  render(envelope, to, publicUrl) {
    const event = decodePayload(PaymentVerifiedEvent, envelope);
    const start = dateOf(event.periodStart);
    const end = dateOf(event.periodEnd);
    const period = start && end ? { start, end } : undefined;
    return paymentReceiptEmail(
      to,
      { plan: event.plan, invoiceId: event.invoiceId, invoiceNumber: event.invoiceNumber, amountPaise: event.amountPaise, period },
      publicUrl,
    );
  },
};

export const paymentFailed: UserMail = {
  kind: 'payment_failed',
  type: PaymentFailedEvent.schema.typeName,
  render(envelope, to, publicUrl) {
    const event = decodePayload(PaymentFailedEvent, envelope);
    return paymentFailedEmail(to, { amountPaise: event.amountPaise, reason: event.reason }, publicUrl);
  },
};

export const subscriptionCancelled: UserMail = {
  kind: 'subscription_cancelled',
  type: SubscriptionCancelledEvent.schema.typeName,
  render(envelope, to) {
    return subscriptionCancelledEmail(to, dateOf(decodePayload(SubscriptionCancelledEvent, envelope).accessUntil));
  },
};

export const planExpired: UserMail = {
  kind: 'plan_expired',
  type: PlanExpiredEvent.schema.typeName,
  render(envelope, to, publicUrl) {
    return planExpiredEmail(to, decodePayload(PlanExpiredEvent, envelope).plan, publicUrl);
  },
};

const userMails: readonly UserMail[] = [paymentReceipt, paymentFailed, subscriptionCancelled, planExpired];

/** What mailing a user takes (the handlers' deps hold it). */
export interface UserMailDeps {
  deliver: Deliver;
  publicUrl: string;
  logger: Logger;
}

/**
 * Queues `mail` to the user the event names, or holds it while notifications does not know
 * them yet (identity's events travel on another topic, so a billing event may be applied
 * first); `releaseMailFor` queues it once they are known. Held, not retried: the consumer
 * retries a failed message in place, and the UserRegistered it would wait for can be queued
 * behind it (the embedded bus walks one log per group; kafkajs fetches again from a broker only
 * once every message of its last fetch is handled), so all of notifications' mail would stop.
 */
export async function mailUser(deps: UserMailDeps, mail: UserMail, userId: string, { tx, envelope }: HandlerContext): Promise<void> {
  await lockRecipient(tx, userId);
  const to = await findRecipient(tx, userId);
  if (to) {
    await deps.deliver(tx, envelope.eventId, mail.kind, mail.render(envelope, to, deps.publicUrl));
    return;
  }
  await holdMail(tx, { eventId: envelope.eventId, kind: mail.kind, userId, type: envelope.type, payload: envelope.payload });
  deps.logger.info({ eventId: envelope.eventId, kind: mail.kind, userId }, 'mail held until its recipient is known');
}

/** The envelope of a held mail's event, as far as rendering it reads. */
const envelopeOf = (held: HeldMail): Envelope => ({
  $typeName: 'betterplus.events.v1.Envelope',
  eventId: held.eventId,
  type: held.type,
  producer: '',
  key: held.userId,
  payload: held.payload,
  traceparent: '',
});

/**
 * Queues the mail held for `userId`, in the transaction that made them known; the caller holds
 * `lockRecipient` for them.
 */
export async function releaseMailFor(deps: UserMailDeps, tx: Transaction, userId: string): Promise<void> {
  const to = await findRecipient(tx, userId);
  if (!to) return;
  for (const held of await heldMailsOf(tx, userId)) {
    const mail = userMails.find((m) => m.type === held.type && m.kind === held.kind);
    // Only after a rollback to a version without that mail; it waits for the version that has it.
    if (!mail) continue;
    await deps.deliver(tx, held.eventId, held.kind, mail.render(envelopeOf(held), to, deps.publicUrl));
    await releaseHeldMail(tx, held);
  }
}
