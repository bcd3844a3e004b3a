import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  isPermanentMailFailure,
  type Database,
  type Logger,
  type MailMessage,
  type Mailer,
  type OpenSecret,
  type SealSecret,
  type Transaction,
} from '@betterplus/kit';
import { claimDue, giveUp, markSent, recordFailure, recordIntent, retryLater, type DueDelivery, type EmailKind } from '../db/deliveries.ts';

/** Queues one email for one event in its handler's transaction; it is sent once that commits. */
export type Deliver = (tx: Transaction, eventId: string, kind: EmailKind, message: MailMessage) => Promise<void>;

/** The sealing context of a queued mail: it opens only as the row it was written for. */
const messageContext = (id: string): string => `notifications.email_deliveries:${id}`;

/**
 * Mail is never sent inside a transaction: the handler records the intent (the message sealed to
 * notifications' own key, since it may carry a code or a reset token), and the sender below
 * delivers it after the commit.
 */
export function createDeliver(seal: SealSecret): Deliver {
  return async (tx, eventId, kind, message) => {
    const id = randomUUID();
    const sealedMessage = seal(JSON.stringify(message), messageContext(id));
    await recordIntent(tx, { id, eventId, kind, recipient: message.to, subject: message.subject, sealedMessage });
  };
}

export interface MailSenderOptions {
  db: Database;
  mailer: Mailer;
  open: OpenSecret;
  logger: Logger;
  /** Longest pause between tries of one mail; the pause doubles from a second up to it. */
  maxRetryDelayMs: number;
  /** How often due mail is looked for when nothing wakes the sender (retries, rows left by a crash). */
  pollIntervalMs?: number;
  /**
   * Mails claimed at once. Each claim holds its mails for the lease, so a crash strands at most
   * this many (a signup code among them) until the lease ends: few, at the cost of a claim per few sends.
   */
  batchSize?: number;
}

export interface MailSender {
  start(): void;
  /** Look for mail now: called after a transaction that queued some commits. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Sends queued mail after the commit, outside any transaction, with the mailer's timeouts on the
 * call. A failure is recorded and tried again later with capped backoff for as long as it lasts;
 * only a permanent refusal (5xx) gives up. At least once: a crash between the send and marking
 * it sent means it goes again once its lease ends, so the recipient may get it twice but never
 * loses it.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, mailer, open, logger, maxRetryDelayMs, pollIntervalMs = 1000, batchSize = 4 } = options;
  // The lease outlasts a send held to the mailer's timeouts, so a slow send is not taken twice.
  const leaseMs = 5 * 60_000;
  const firstDelayMs = Math.min(1000, maxRetryDelayMs);
  let stopping = new AbortController();
  let running: Promise<void> | undefined;
  // An object, not a `let`: wake() sets it while a pass awaits.
  const wakes = { pending: false };
  let wakeUp: () => void = () => undefined;

  const delayAfter = (attempts: number): number => {
    const delay = Math.min(maxRetryDelayMs, firstDelayMs * 2 ** (attempts - 1));
    return Math.round(delay / 2 + (Math.random() * delay) / 2);
  };

  const sendOne = async (due: DueDelivery): Promise<void> => {
    const fields = { deliveryId: due.id, eventId: due.eventId, kind: due.kind, attempt: due.attempts };
    let providerMessageId: string;
    try {
      const message = JSON.parse(open(due.sealedMessage, messageContext(due.id))) as MailMessage;
      providerMessageId = await mailer.send(message);
    } catch (error) {
      await recordFailure(db, {
        eventId: due.eventId,
        kind: due.kind,
        recipient: due.recipient,
        error: error instanceof Error ? error.message : String(error),
      });
      if (isPermanentMailFailure(error)) {
        await giveUp(db, due.id);
        logger.error({ err: error, ...fields }, 'mail refused for good; not retried');
        return;
      }
      const delayMs = delayAfter(due.attempts);
      await retryLater(db, due.id, delayMs);
      logger.warn({ err: error, ...fields, delayMs }, 'mail not sent; retrying');
      return;
    }
    await markSent(db, due.id, providerMessageId);
    logger.info(fields, 'mail sent');
  };

  const loop = async (signal: AbortSignal): Promise<void> => {
    while (!signal.aborted) {
      wakes.pending = false;
      let claimed = 0;
      try {
        const due = await claimDue(db, batchSize, leaseMs);
        claimed = due.length;
        for (const delivery of due) await sendOne(delivery);
      } catch (error) {
        logger.error({ err: error }, 'mail sender pass failed');
      }
      if (claimed === batchSize) continue;
      await new Promise<void>((resolve) => {
        if (wakes.pending) {
          resolve();
          return;
        }
        wakeUp = resolve;
        void sleep(pollIntervalMs, undefined, { signal })
          .catch(() => undefined)
          .then(resolve);
      });
    }
  };

  return {
    start() {
      if (running) return;
      stopping = new AbortController();
      running = loop(stopping.signal);
    },
    wake() {
      wakes.pending = true;
      wakeUp();
    },
    async stop() {
      stopping.abort();
      wakeUp();
      await running;
      running = undefined;
    },
  };
}
