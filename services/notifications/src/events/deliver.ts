import type { Database, Logger, MailMessage, Mailer, Transaction } from '@betterplus/kit';
import { recordDelivery, recordFailure, type EmailKind } from '../db/deliveries.ts';

/** Sends one email for one event inside its handler; throws if the mail server refused it. */
export type Deliver = (tx: Transaction, eventId: string, kind: EmailKind, message: MailMessage) => Promise<void>;

/**
 * A send that fails is recorded and rethrown: the kit's consumer then retries the event with
 * backoff and dead-letters it after its last try, so the email is never silently dropped.
 */
export function createDeliver(mailer: Mailer, db: Database, logger: Logger): Deliver {
  return async (tx, eventId, kind, message) => {
    let providerMessageId: string;
    try {
      providerMessageId = await mailer.send(message);
    } catch (error) {
      // Written through `db`, not `tx`, which rolls back when this throws. Not awaited: on PGlite
      // (one connection) a query outside a transaction waits for it to end, so awaiting it here
      // would wait for ourselves; it lands right after the rollback. PostgreSQL runs it at once.
      const failure = { eventId, kind, recipient: message.to, error: error instanceof Error ? error.message : String(error) };
      void recordFailure(db, failure).catch((recordError: unknown) => {
        logger.error({ err: recordError, eventId, kind }, 'could not record a failed email delivery');
      });
      throw error;
    }
    await recordDelivery(tx, { eventId, kind, recipient: message.to, subject: message.subject, providerMessageId });
  };
}
