import { setTimeout as sleep } from 'node:timers/promises';
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import type { EventDefinition } from '@betterplus/events';
import type { Database, Queryable } from '../db/database.ts';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { EventBus } from './bus.ts';
import { encodeEvent } from './envelope.ts';

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
            await tx.query('INSERT INTO outbox (event_id, topic, key, type, envelope) VALUES ($1, $2, $3, $4, $5)', [
              encoded.eventId,
              event.topic,
              key,
              encoded.type,
              encoded.bytes,
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
  batchSize?: number;
  maxBackoffMs?: number;
}

export interface OutboxRelay {
  start(): void;
  /** Publish now rather than at the next poll; called after a commit that wrote events. */
  wake(): void;
  stop(): Promise<void>;
}

interface OutboxRow {
  id: number;
  topic: string;
  key: string;
  envelope: Uint8Array;
  attempts: number;
  wait_ms: number;
}

const relayLock = 727275;

/**
 * Publishes outbox rows in id order, so one user's events leave in the order they happened.
 * A failed publish backs off exponentially and blocks the rows behind it rather than
 * reordering them. An advisory lock keeps one relay per database active among replicas.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, bus, logger, metrics, pollIntervalMs = 1000, batchSize = 100, maxBackoffMs = 30_000 } = options;
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  /** Returns how long to wait before the next pass (0: go again at once). */
  const pass = async (): Promise<number> =>
    db.transaction(async (tx) => {
      const lock = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [relayLock]);
      if (!lock.rows[0]?.locked) return pollIntervalMs;
      const stats = await tx.query<{ pending: number; lag: number | null }>(
        'SELECT count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS lag FROM outbox WHERE published_at IS NULL',
      );
      metrics.outboxPending.set(stats.rows[0]?.pending ?? 0);
      metrics.outboxLag.set(stats.rows[0]?.lag ?? 0);
      const { rows } = await tx.query<OutboxRow>(
        `SELECT id, topic, key, envelope, attempts,
                greatest(0, extract(epoch FROM next_attempt_at - now()) * 1000)::int AS wait_ms
           FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT $1`,
        [batchSize],
      );
      const head = rows[0];
      if (!head) return pollIntervalMs;
      if (head.wait_ms > 0) return Math.min(head.wait_ms, pollIntervalMs);
      try {
        await bus.publish(rows.map((r) => ({ topic: r.topic, key: r.key, value: r.envelope })));
      } catch (error) {
        const backoff = Math.min(maxBackoffMs, 100 * 2 ** head.attempts);
        await tx.query(
          "UPDATE outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + ($3 || ' milliseconds')::interval WHERE id = $1",
          [head.id, String(error), String(backoff)],
        );
        metrics.outboxFailures.inc();
        logger.warn({ err: error, outboxId: head.id, attempts: head.attempts + 1, backoffMs: backoff }, 'outbox publish failed');
        return backoff;
      }
      await tx.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
      metrics.outboxPublished.inc(rows.length);
      return rows.length === batchSize ? 0 : pollIntervalMs;
    });

  const waitFor = async (ms: number): Promise<void> => {
    if (woken) return;
    const abort = new AbortController();
    wakeUp = () => {
      abort.abort();
    };
    await sleep(ms, undefined, { signal: abort.signal }).catch(() => undefined);
  };

  const run = async (): Promise<void> => {
    while (running) {
      woken = false;
      let delay = pollIntervalMs;
      try {
        delay = await pass();
      } catch (error) {
        logger.error({ err: error }, 'outbox relay pass failed');
      }
      if (delay > 0) await waitFor(delay);
    }
  };

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      running = false;
      woken = true;
      wakeUp?.();
      await loop;
    },
  };
}
