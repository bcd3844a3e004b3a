import { randomUUID } from 'node:crypto';
import type { Queryable } from '@betterplus/kit';

/** What each email is for; one event can ask for several kinds. */
export type EmailKind = 'welcome' | 'otp' | 'password_reset' | 'contact_support' | 'contact_acknowledgement';

export interface DeliveryAttempt {
  eventId: string;
  kind: EmailKind;
  recipient: string;
}

/** Written in the handler's transaction, with the record that the event was processed. */
export async function recordDelivery(db: Queryable, delivery: DeliveryAttempt & { subject: string; providerMessageId: string }): Promise<void> {
  await db.query('INSERT INTO email_deliveries (id, event_id, kind, recipient, subject, provider_message_id) VALUES ($1, $2, $3, $4, $5, $6)', [
    randomUUID(),
    delivery.eventId,
    delivery.kind,
    delivery.recipient,
    delivery.subject,
    delivery.providerMessageId,
  ]);
}

/** Error texts are the mail server's answer; a cap keeps a verbose one from bloating the table. */
const maxErrorLength = 1000;

export async function recordFailure(db: Queryable, failure: DeliveryAttempt & { error: string }): Promise<void> {
  await db.query('INSERT INTO email_delivery_failures (id, event_id, kind, recipient, error) VALUES ($1, $2, $3, $4, $5)', [
    randomUUID(),
    failure.eventId,
    failure.kind,
    failure.recipient,
    failure.error.slice(0, maxErrorLength),
  ]);
}
