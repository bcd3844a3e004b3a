import { setTimeout as sleep } from 'node:timers/promises';
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { deadLetterTopicOf, type Envelope, type EventDefinition } from '@betterplus/events';
import type { Logger } from '../observability/logger.ts';
import { exportAtZero } from '../observability/counters.ts';
import type { Metrics } from '../observability/metrics.ts';
import { SpanKind, contextFromTraceparent, inSpan } from '../observability/tracing.ts';
import type { BusMessage, Delivery, EventBus, Subscription } from './bus.ts';
import { decodeEnvelope, decodePayload, occurredAt } from './envelope.ts';
import type { Transaction, UnitOfWork } from './outbox.ts';

export interface HandlerContext {
  tx: Transaction;
  envelope: Envelope;
  /**
   * Runs `effect` once the transaction has committed (never if it rolls back). For wake-ups of
   * work recorded in the transaction, such as mail to send: the effect must not be the only
   * record of that work, since a crash right after the commit skips it.
   */
  afterCommit(effect: () => void): void;
}

export interface EventHandler<Desc extends DescMessage = DescMessage> {
  event: EventDefinition<Desc>;
  handle(payload: MessageShape<Desc>, context: HandlerContext): Promise<void>;
}

/** Declares what a service does with one event; `handlers/index.ts` lists them all. */
export const on = <Desc extends DescMessage>(event: EventDefinition<Desc>, handle: EventHandler<Desc>['handle']): EventHandler => ({ event, handle });

export const deadLetterTopic = deadLetterTopicOf;

/**
 * Thrown by a handler for an event that can never succeed (it names something that cannot
 * exist, fails validation): the consumer dead-letters it at once instead of retrying.
 */
export class PermanentEventError extends Error {
  override name = 'PermanentEventError';
}

/** Headers a dead letter carries beside the original message's own. */
export const deadLetterHeaders = {
  originalTopic: 'x-original-topic',
  error: 'x-error',
  eventId: 'x-event-id',
  deadLetteredAt: 'x-dead-lettered-at',
} as const;

export interface ConsumerOptions {
  service: string;
  bus: EventBus;
  uow: UnitOfWork;
  handlers: readonly EventHandler[];
  logger: Logger;
  metrics: Metrics;
  /** First pause after a transient failure; it doubles per attempt up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

class StoppedError extends Error {
  override name = 'StoppedError';
}

/** Tells a live broker session we are alive this often while waiting to retry. */
const heartbeatEveryMs = 1000;

/** The outcome label of consumer_events_total. */
const consumerOutcomes = ['applied', 'duplicate', 'ignored', 'retried', 'dead_lettered'] as const;

type Work = { handler: EventHandler; payload: MessageShape<DescMessage> }[];

type Decoded = { envelope: Envelope; work: Work } | { permanent: string } | { ignored: true };

/** What a message asks of the service's handlers: their work, nothing (a type none of them handles), or why it never can be handled. */
function decode(message: BusMessage, byType: ReadonlyMap<string, EventHandler[]>): Decoded {
  let envelope: Envelope;
  try {
    envelope = decodeEnvelope(message.value);
  } catch (error) {
    return { permanent: `undecodable envelope: ${String(error)}` };
  }
  const handlersOfType = byType.get(envelope.type);
  if (!handlersOfType) return { ignored: true };
  try {
    return { envelope, work: handlersOfType.map((handler) => ({ handler, payload: decodePayload(handler.event, envelope) })) };
  } catch (error) {
    return { permanent: `undecodable payload of ${envelope.type}: ${String(error)}` };
  }
}

interface RetryOptions {
  stopping: AbortSignal;
  retryDelayMs: number;
  maxRetryDelayMs: number;
  logger: Logger;
  metrics: Metrics;
}

/** Runs `work` until it succeeds, a PermanentEventError, or stop; each failure is counted and logged, then waited out. */
function persistence({ stopping, retryDelayMs, maxRetryDelayMs, logger, metrics }: RetryOptions) {
  /** Half the capped exponential delay plus a random half, so replicas failing together do not retry together. */
  const backoff = (attempt: number): number => {
    const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (attempt - 1));
    return delay / 2 + (Math.random() * delay) / 2;
  };

  const pause = async (ms: number, delivery: Delivery | undefined): Promise<void> => {
    const until = Date.now() + ms;
    for (let left = ms; left > 0; left = until - Date.now()) {
      try {
        await sleep(Math.min(left, heartbeatEveryMs), undefined, { signal: stopping });
      } catch {
        throw new StoppedError('consumer stopped during a retry; the message stays unacknowledged');
      }
      await delivery?.heartbeat();
    }
  };

  return async <T>(work: () => Promise<T>, fields: Record<string, unknown>, message: BusMessage, delivery: Delivery | undefined): Promise<T> => {
    for (let attempt = 1; ; attempt += 1) {
      if (stopping.aborted) throw new StoppedError('consumer stopped');
      try {
        return await work();
      } catch (error) {
        if (error instanceof PermanentEventError) throw error;
        const delayMs = Math.round(backoff(attempt));
        metrics.consumedEvents.inc({ topic: message.topic, outcome: 'retried' });
        logger.warn({ err: error, ...fields, topic: message.topic, attempt, delayMs }, 'event handling failed; retrying');
        await pause(delayMs, delivery);
      }
    }
  };
}

interface Applied {
  /** False when the event had been applied before: nothing was done. */
  applied: boolean;
  /** What the handlers asked to run once the transaction committed. */
  effects: (() => void)[];
}

/** The event's work in one transaction with the record of its id, so a redelivered event is recognised and skipped. */
async function applyOnce(uow: UnitOfWork, message: BusMessage, envelope: Envelope, work: Work): Promise<Applied> {
  const effects: (() => void)[] = [];
  const applied = await uow.run(async (tx) => {
    const recorded = await tx.query('INSERT INTO processed_events (event_id, topic, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      envelope.eventId,
      message.topic,
      envelope.type,
    ]);
    if (recorded.rowCount === 0) return false;
    const context: HandlerContext = { tx, envelope, afterCommit: (effect) => effects.push(effect) };
    for (const { handler, payload } of work) await handler.handle(payload, context);
    return true;
  });
  return { applied, effects };
}

function runEffects(effects: readonly (() => void)[], logger: Logger, eventId: string): void {
  for (const effect of effects) {
    try {
      effect();
    } catch (error) {
      logger.error({ err: error, eventId }, 'after-commit effect failed');
    }
  }
}

/**
 * Subscribes the service's handlers. Each effect runs in one transaction with the record of the
 * event id, so a redelivered event is recognised and skipped.
 *
 * A failure is transient unless shown otherwise (database, network, timeouts): the message is
 * retried with capped, jittered exponential backoff for as long as it takes, and nothing behind
 * it on its partition is handled meanwhile, so order holds and nothing is skipped. Only a message
 * that can never succeed goes to the service's dead-letter topic: an undecodable envelope or
 * payload, or a handler's PermanentEventError. `stop()` interrupts a wait at once and leaves the
 * message unacknowledged, to be delivered again.
 */
export async function startConsumer(options: ConsumerOptions): Promise<Subscription> {
  const { service, bus, uow, handlers, logger, metrics, retryDelayMs = 200, maxRetryDelayMs = 30_000 } = options;
  const byType = new Map<string, EventHandler[]>();
  for (const h of handlers) byType.set(h.event.schema.typeName, [...(byType.get(h.event.schema.typeName) ?? []), h]);
  const topics = [...new Set(handlers.map((h) => h.event.topic))];
  exportAtZero(metrics.consumedEvents, { topic: topics, outcome: consumerOutcomes });
  exportAtZero(metrics.deadLettered, { topic: topics });
  const stopping = new AbortController();
  const persistently = persistence({ stopping: stopping.signal, retryDelayMs, maxRetryDelayMs, logger, metrics });

  const deadLetter = async (message: BusMessage, reason: string, eventId: string | undefined, delivery: Delivery | undefined): Promise<void> => {
    const headers: Record<string, string> = {
      ...message.headers,
      [deadLetterHeaders.originalTopic]: message.topic,
      [deadLetterHeaders.error]: reason.slice(0, 1000),
      [deadLetterHeaders.deadLetteredAt]: new Date().toISOString(),
      ...(eventId ? { [deadLetterHeaders.eventId]: eventId } : {}),
    };
    await persistently(
      () => bus.publish([{ topic: deadLetterTopic(service), key: message.key, value: message.value, headers }]),
      { eventId, deadLetter: true },
      message,
      delivery,
    );
    metrics.consumedEvents.inc({ topic: message.topic, outcome: 'dead_lettered' });
    metrics.deadLettered.inc({ topic: message.topic });
    logger.error({ topic: message.topic, key: message.key, eventId, reason }, 'event dead-lettered');
  };

  const handle = async (message: BusMessage, delivery?: Delivery): Promise<void> => {
    const decoded = decode(message, byType);
    if ('ignored' in decoded) {
      metrics.consumedEvents.inc({ topic: message.topic, outcome: 'ignored' });
      return;
    }
    if ('permanent' in decoded) {
      await deadLetter(message, decoded.permanent, undefined, delivery);
      return;
    }
    const { envelope, work } = decoded;
    const at = occurredAt(envelope);
    if (at) metrics.consumerLag.set({ topic: message.topic }, Math.max(0, (Date.now() - at.getTime()) / 1000));
    let outcome: Applied;
    try {
      // A child of the span that recorded the event, so the effect joins the request's trace.
      const span = {
        kind: SpanKind.CONSUMER,
        parent: contextFromTraceparent(envelope.traceparent),
        attributes: { 'messaging.destination.name': message.topic, 'betterplus.event_id': envelope.eventId },
      };
      outcome = await inSpan(service, `process ${envelope.type}`, span, () =>
        persistently(() => applyOnce(uow, message, envelope, work), { eventId: envelope.eventId, type: envelope.type }, message, delivery),
      );
    } catch (error) {
      if (!(error instanceof PermanentEventError)) throw error;
      await deadLetter(message, `${error.name}: ${error.message}`, envelope.eventId, delivery);
      return;
    }
    runEffects(outcome.effects, logger, envelope.eventId);
    metrics.consumedEvents.inc({ topic: message.topic, outcome: outcome.applied ? 'applied' : 'duplicate' });
  };

  const subscription = await bus.subscribe({ group: service, topics, handle });
  return {
    async stop() {
      stopping.abort();
      await subscription.stop();
    },
  };
}
