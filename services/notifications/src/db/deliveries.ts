import { randomUUID } from 'node:crypto';
import type { Queryable } from '@betterplus/kit';

export async function recordDelivery(
  db: Queryable,
  delivery: { eventId: string; kind: string; recipient: string; subject: string; providerMessageId: string },
): Promise<void> {
  await db.query('INSERT INTO email_deliveries (id, event_id, kind, recipient, subject, provider_message_id) VALUES ($1, $2, $3, $4, $5, $6)', [
    randomUUID(),
    delivery.eventId,
    delivery.kind,
    delivery.recipient,
    delivery.subject,
    delivery.providerMessageId,
  ]);
}
