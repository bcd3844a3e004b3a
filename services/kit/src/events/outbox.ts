import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import type { EventDefinition } from '@betterplus/events';
import type { Database, Queryable } from '../db/database.ts';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';
import { SpanKind, contextFromTraceparent, endSpan, startSpan } from '../observability/tracing.ts';
import type { EventBus } from './bus.ts';
import { encodeEvent } from './envelope.ts';
import { backoffMs, outboxRows, type ClaimedRow, type OutboxRows } from './outbox-rows.ts';

/** A transaction that can also record events, published only if it commits. */
export interface Transaction extends Queryable {
  publish<Desc extends DescMessage>(event: EventDefinition<Desc>, key: string, payload: MessageInitShape<Desc>): Promise<string>;
}

export interface UnitOfWork {
  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

export function createUnitOfWork(db: Database, producer: string, onCommitWithEvents: () => void): UnitOfWork {
  return {
    async run(work) {
      let published = 0;
      const result = await db.transaction((tx) =>
        work({
          query: (sql, params) => tx.query(sql, params),
          exec: (sql) => tx.exec(sql),
          async publish(event, key, payload) {
            const encoded = encodeEvent(event, producer, key, payload);
            await tx.query('INSERT INTO outbox (event_id, topic, key, type, envelope, traceparent) VALUES ($1, $2, $3, $4, $5, $6)', [
              encoded.eventId,
              event.topic,
              key,
              encoded.type,
              encoded.bytes,
              encoded.traceparent || null,
            ]);
            published += 1;
            return encoded.eventId;
          },
        }),
      );
      if (published > 0) onCommitWithEvents();
      return result;
    },
  };
}

export interface OutboxRelayOptions {
  db: Database;
  bus: EventBus;
  logger: Logger;
  metrics: Metrics;
  pollIntervalMs?: number;
  /** Rows claimed at once: the oldest pending row of up to this many keys. */
  batchSize?: number;
  /** Claimed batches being published at once (a bus that answers slowly does not hold up other keys). */
  maxInFlight?: number;
  /** How long a claim holds; renewed while the publish runs, so only a dead relay's claims lapse. */
  leaseMs?: number;
  /** Failed publishes (while the bus itself answers) after which a row is parked. */
  maxAttempts?: number;
  maxBackoffMs?: number;
  /** On stop, how long a publish in flight may still finish before its rows are released. */
  stopGraceMs?: number;
}

export interface OutboxRelay {
  start(): void;
  /** Publish now rather than at the next poll; called after a commit that wrote events. */
  wake(): void;
  stop(): Promise<void>;
}

/** Publishes rows, each in a producer span joined to the trace that wrote it. */
async function publishRows(bus: EventBus, rows: readonly ClaimedRow[]): Promise<void> {
  const spans = rows.flatMap((r) =>
    r.traceparent
      ? [
          startSpan('outbox-relay', `publish ${r.topic}`, {
            kind: SpanKind.PRODUCER,
            parent: contextFromTraceparent(r.traceparent),
            attributes: { 'messaging.destination.name': r.topic, 'betterplus.event_id': r.event_id },
          }),
        ]
      : [],
  );
  let failure: unknown;
  try {
    await bus.publish(rows.map((r) => ({ topic: r.topic, key: r.key, value: r.envelope })));
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    for (const span of spans) endSpan(span, failure);
  }
}

async function busAnswers(bus: EventBus): Promise<boolean> {
  try {
    await bus.ping();
    return true;
  } catch {
    return false;
  }
}

interface PublisherOptions {
  bus: EventBus;
  rows: OutboxRows;
  logger: Logger;
  metrics: Metrics;
  maxBackoffMs: number;
  isRunning: () => boolean;
}

/**
 * Publishes claimed batches and settles their rows. A failure while the bus does not answer blames
 * no row: the rows go back and publishing pauses, backing off; while the bus answers, the rows at
 * fault are found one by one and blamed.
 */
function batchPublisher({ bus, rows, logger, metrics, maxBackoffMs, isRunning }: PublisherOptions) {
  let busDownUntil = 0;
  let busFailures = 0;

  const publish = async (batch: ClaimedRow[]): Promise<void> => {
    const stopRenewing = rows.keepClaimed(batch);
    try {
      await publishRows(bus, batch);
      busFailures = 0;
      await rows.markPublished(batch);
      return;
    } catch (error) {
      if (!isRunning()) {
        await rows.release(batch, 0);
        return;
      }
      if (!(await busAnswers(bus))) {
        busFailures += 1;
        const delayMs = backoffMs(busFailures, maxBackoffMs);
        busDownUntil = Date.now() + delayMs;
        metrics.outboxFailures.inc();
        logger.warn({ err: error, rows: batch.length, backoffMs: delayMs }, 'event bus unavailable; outbox publishing paused');
        await rows.release(batch, delayMs, error);
        return;
      }
      await blameFaulty(batch, error);
    } finally {
      stopRenewing();
    }
  };

  /** The bus answers, so a row is at fault: with several, find which one by one. */
  const blameFaulty = async (batch: ClaimedRow[], error: unknown): Promise<void> => {
    const [only] = batch;
    if (batch.length === 1 && only) {
      await rows.blame(only, error);
      return;
    }
    for (const row of batch) {
      try {
        await publishRows(bus, [row]);
        await rows.markPublished([row]);
      } catch (rowError) {
        await rows.blame(row, rowError);
      }
    }
  };

  return {
    publish,
    /** How long publishing stays paused for a bus that did not answer; none when 0 or less. */
    pausedForMs: (): number => busDownUntil - Date.now(),
  };
}

/** The relay's sleep between rounds, which wake() cuts short; a wake since the round began skips it. */
function wakeableSleep() {
  let woken = false;
  let wakeUp: (() => void) | undefined;
  return {
    /** A new round: only a wake from now on skips its sleep. */
    newRound(): void {
      woken = false;
    },
    wake(): void {
      woken = true;
      wakeUp?.();
    },
    async sleep(ms: number): Promise<void> {
      if (woken) return;
      const abort = new AbortController();
      wakeUp = () => {
        abort.abort();
      };
      await sleep(ms, undefined, { signal: abort.signal }).catch(() => undefined);
    },
  };
}

/**
 * Publishes the outbox. A short transaction claims rows (a lease, not a lock held open); the
 * publish runs outside any transaction; then the rows are marked published. Replicas share the
 * work safely, a crashed relay's claims lapse after `leaseMs`, and order holds per key.
 *
 * A failed publish is retried with backoff. It counts against the row only while the bus itself
 * answers (a broker outage blames no row); after `maxAttempts` such failures the row is parked
 * (`parked_at`, `last_error`), logged and counted, and the key's later rows go on. To replay a
 * parked row: `UPDATE outbox SET parked_at = NULL, attempts = 0 WHERE id = ...`.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const {
    db,
    bus,
    logger,
    metrics,
    pollIntervalMs = 1000,
    batchSize = 100,
    maxInFlight = 4,
    leaseMs = 30_000,
    maxAttempts = 10,
    maxBackoffMs = 60_000,
    stopGraceMs = 2000,
  } = options;
  const relayId = `${hostname()}:${String(process.pid)}:${randomBytes(4).toString('hex')}`;
  const rows = outboxRows(db, logger, metrics, { relayId, leaseMs, batchSize, maxAttempts, maxBackoffMs });
  const inFlight = new Set<Promise<void>>();
  const alarm = wakeableSleep();
  let running = false;
  let loop: Promise<void> | undefined;
  const publisher = batchPublisher({ bus, rows, logger, metrics, maxBackoffMs, isRunning: () => running });

  const launch = (batch: ClaimedRow[]): void => {
    const task = publisher
      .publish(batch)
      .catch((error: unknown) => {
        // After stop the database may be closed already; the rows return when their claim lapses.
        logger[running ? 'error' : 'debug']({ err: error }, 'outbox publish bookkeeping failed');
      })
      .finally(() => {
        inFlight.delete(task);
        alarm.wake();
      });
    inFlight.add(task);
  };

  const run = async (): Promise<void> => {
    while (running) {
      alarm.newRound();
      let delay = pollIntervalMs;
      const pausedFor = publisher.pausedForMs();
      if (pausedFor > 0) delay = Math.min(pausedFor, pollIntervalMs);
      else if (inFlight.size < maxInFlight) {
        try {
          const { rows: claimed, dueInMs } = await rows.claim();
          if (claimed.length > 0) launch(claimed);
          if (claimed.length > 0 && inFlight.size < maxInFlight) continue;
          if (dueInMs !== undefined) delay = Math.min(pollIntervalMs, Math.max(10, Math.ceil(dueInMs)));
        } catch (error) {
          logger.error({ err: error }, 'outbox claim failed');
        }
      }
      await alarm.sleep(delay);
    }
  };

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake() {
      alarm.wake();
    },
    async stop() {
      if (!running) return;
      running = false;
      alarm.wake();
      await loop;
      const pending = Promise.all(inFlight);
      const finished = await Promise.race([pending.then(() => true), sleep(stopGraceMs, false, { ref: false })]);
      // The bus did not answer in time: hand the rows back so the next relay publishes them again.
      if (!finished) await rows.releaseAll();
    },
  };
}
