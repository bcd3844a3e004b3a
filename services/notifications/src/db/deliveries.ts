import { randomUUID } from 'node:crypto';
import type { Queryable } from '@betterplus/kit';

/** What each email is for; one event can ask for several kinds. */
export type EmailKind =
  | 'welcome'
  | 'otp'
  | 'password_reset'
  | 'contact_support'
  | 'contact_acknowledgement'
  | 'payment_receipt'
  | 'payment_failed'
  | 'subscription_cancelled'
  | 'plan_expired';

export interface DeliveryAttempt {
  eventId: string;
  kind: EmailKind;
  recipient: string;
}

/** A mail to send, as written in the handler's transaction; the message is sealed (it may hold a code). */
export interface DeliveryIntent extends DeliveryAttempt {
  id: string;
  subject: string;
  sealedMessage: Uint8Array;
}

export interface DueDelivery extends DeliveryAttempt {
  id: string;
  sealedMessage: Uint8Array;
  attempts: number;
}

/** Written in the handler's transaction, with the record that the event was processed. */
export async function recordIntent(db: Queryable, intent: DeliveryIntent): Promise<void> {
  await db.query('INSERT INTO email_deliveries (id, event_id, kind, recipient, subject, sealed_message) VALUES ($1, $2, $3, $4, $5, $6)', [
    intent.id,
    intent.eventId,
    intent.kind,
    intent.recipient,
    intent.subject,
    intent.sealedMessage,
  ]);
}

/**
 * Takes up to `limit` due mails and pushes their next try `leaseMs` ahead, in one statement, so
 * replicas never take the same row; a sender that dies mid-send leaves it due again after the lease.
 */
export async function claimDue(db: Queryable, limit: number, leaseMs: number): Promise<DueDelivery[]> {
  const { rows } = await db.query<{ id: string; event_id: string; kind: EmailKind; recipient: string; sealed_message: Uint8Array; attempts: number }>(
    `UPDATE email_deliveries SET attempts = attempts + 1, next_attempt_at = now() + $2 * interval '1 millisecond'
      WHERE id IN (SELECT id FROM email_deliveries WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= now()
                   ORDER BY requested_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, event_id, kind, recipient, sealed_message, attempts`,
    [limit, leaseMs],
  );
  return rows.map((r) => ({ id: r.id, eventId: r.event_id, kind: r.kind, recipient: r.recipient, sealedMessage: r.sealed_message, attempts: r.attempts }));
}

export async function markSent(db: Queryable, id: string, providerMessageId: string): Promise<void> {
  await db.query('UPDATE email_deliveries SET sent_at = now(), provider_message_id = $2, sealed_message = NULL WHERE id = $1', [id, providerMessageId]);
}

export async function retryLater(db: Queryable, id: string, delayMs: number): Promise<void> {
  await db.query("UPDATE email_deliveries SET next_attempt_at = now() + $2 * interval '1 millisecond' WHERE id = $1", [id, delayMs]);
}

export async function giveUp(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE email_deliveries SET given_up_at = now(), sealed_message = NULL WHERE id = $1', [id]);
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
