import { setTimeout as sleep } from 'node:timers/promises';
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import type { Envelope, EventDefinition } from '@betterplus/events';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { BusMessage, EventBus, Subscription } from './bus.ts';
import { decodeEnvelope, decodePayload, occurredAt } from './envelope.ts';
import type { Transaction, UnitOfWork } from './outbox.ts';

export interface EventHandler<Desc extends DescMessage = DescMessage> {
  event: EventDefinition<Desc>;
  handle(payload: MessageShape<Desc>, context: { tx: Transaction; envelope: Envelope }): Promise<void>;
}

/** Declares what a service does with one event; `handlers/index.ts` lists them all. */
export const on = <Desc extends DescMessage>(event: EventDefinition<Desc>, handle: EventHandler<Desc>['handle']): EventHandler =>
  ({ event, handle });

export const deadLetterTopic = (service: string): string => `${service}.deadletter.v1`;

export interface ConsumerOptions {
  service: string;
  bus: EventBus;
  uow: UnitOfWork;
  handlers: readonly EventHandler[];
  logger: Logger;
  metrics: Metrics;
  maxAttempts?: number;
  retryDelayMs?: number;
}

/**
 * Subscribes the service's handlers. Each effect runs in one transaction with the record of the
 * event id, so a redelivered event is recognised and skipped. A handler that keeps failing is
 * retried a bounded number of times, then the message goes to the service's dead-letter topic
 * and the stream moves on; if even that publish fails, the message is not acknowledged.
 */
export async function startConsumer(options: ConsumerOptions): Promise<Subscription> {
  const { service, bus, uow, handlers, logger, metrics, maxAttempts = 5, retryDelayMs = 100 } = options;
  const byType = new Map<string, EventHandler[]>();
  for (const h of handlers) byType.set(h.event.schema.typeName, [...(byType.get(h.event.schema.typeName) ?? []), h]);
  const topics = [...new Set(handlers.map((h) => h.event.topic))];

  const deadLetter = async (message: BusMessage, reason: string): Promise<void> => {
    await bus.publish([
      { topic: deadLetterTopic(service), key: message.key, value: message.value, headers: { ...message.headers, 'x-original-topic': message.topic, 'x-error': reason.slice(0, 1000) } },
    ]);
    metrics.consumedEvents.inc({ topic: message.topic, outcome: 'dead_lettered' });
    logger.error({ topic: message.topic, key: message.key, reason }, 'event dead-lettered');
  };

  const handle = async (message: BusMessage): Promise<void> => {
    let envelope: Envelope;
    try {
      envelope = decodeEnvelope(message.value);
    } catch (error) {
      await deadLetter(message, `undecodable envelope: ${String(error)}`);
      return;
    }
    const handlersOfType = byType.get(envelope.type);
    if (!handlersOfType) {
      metrics.consumedEvents.inc({ topic: message.topic, outcome: 'ignored' });
      return;
    }
    const at = occurredAt(envelope);
    if (at) metrics.consumerLag.set({ topic: message.topic }, Math.max(0, (Date.now() - at.getTime()) / 1000));
    let lastError: unknown;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      try {
        const applied = await uow.run(async (tx) => {
          const recorded = await tx.query('INSERT INTO processed_events (event_id, topic, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
            envelope.eventId,
            message.topic,
            envelope.type,
          ]);
          if (recorded.rowCount === 0) return false;
          for (const handler of handlersOfType) await handler.handle(decodePayload(handler.event, envelope), { tx, envelope });
          return true;
        });
        metrics.consumedEvents.inc({ topic: message.topic, outcome: applied ? 'applied' : 'duplicate' });
        return;
      } catch (error) {
        lastError = error;
        logger.warn({ err: error, eventId: envelope.eventId, type: envelope.type, attempt }, 'event handler failed');
        if (attempt < maxAttempts) await sleep(retryDelayMs * 2 ** (attempt - 1));
      }
    }
    await deadLetter(message, String(lastError));
  };

  return bus.subscribe({ group: service, topics, handle });
}
