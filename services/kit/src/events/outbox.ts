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

interface ClaimedRow {
  id: string;
  event_id: string;
  topic: string;
  key: string;
  envelope: Uint8Array;
  attempts: number;
  traceparent: string | null;
}

/**
 * Claims the oldest pending row of each key that no relay holds, unless an older row of that
 * key is still pending (claimed elsewhere, or waiting to retry): a key's events leave one at a
 * time, in order, whichever replica publishes them. SKIP LOCKED lets replicas claim side by side.
 */
const claimSql = `
  UPDATE outbox SET claimed_by = $1, claimed_until = now() + make_interval(secs => $2::float8 / 1000)
   WHERE id IN (
     SELECT o.id FROM outbox o
      WHERE o.id = ANY(ARRAY(
              SELECT h.id FROM (SELECT DISTINCT ON (key) id, claimed_until, next_attempt_at FROM outbox
                                 WHERE published_at IS NULL AND parked_at IS NULL ORDER BY key, id) h
               WHERE (h.claimed_until IS NULL OR h.claimed_until < now()) AND h.next_attempt_at <= now()
               ORDER BY h.id LIMIT $3))
        AND o.published_at IS NULL AND o.parked_at IS NULL
        AND (o.claimed_until IS NULL OR o.claimed_until < now())
      FOR UPDATE SKIP LOCKED)
  RETURNING id::text, event_id::text, topic, key, envelope, attempts, traceparent`;

/**
 * Until the next head of a key falls due (its retry time, or a lapsing claim): the relay sleeps no
 * longer. NULL when nothing is pending (not greatest(0, NULL), which is 0: an idle relay would spin).
 */
const nextDueSql = `
  SELECT (extract(epoch FROM min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) - now()) * 1000)::float8 AS wait_ms
    FROM (SELECT DISTINCT ON (key) next_attempt_at, claimed_until FROM outbox
           WHERE published_at IS NULL AND parked_at IS NULL ORDER BY key, id) heads`;

const errorText = (error: unknown): string => (error instanceof Error ? error.toString() : JSON.stringify(error));

const backoffMs = (attempt: number, maxMs: number): number => Math.min(maxMs, 200 * 2 ** Math.max(0, attempt - 1));

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
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  let busDownUntil = 0;
  let busFailures = 0;

  /** Claims what is due; with nothing due, also says how long until something is. */
  const claim = async (): Promise<{ rows: ClaimedRow[]; dueInMs: number | undefined }> =>
    db.transaction(async (tx) => {
      const { rows } = await tx.query<ClaimedRow>(claimSql, [relayId, leaseMs, batchSize]);
      if (rows.length > 0) return { rows, dueInMs: 0 };
      const due = await tx.query<{ wait_ms: number | null }>(nextDueSql);
      return { rows, dueInMs: due.rows[0]?.wait_ms ?? undefined };
    });

  const markPublished = async (rows: readonly ClaimedRow[]): Promise<void> => {
    await db.query('UPDATE outbox SET published_at = now(), claimed_by = NULL, claimed_until = NULL WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
    metrics.outboxPublished.inc(rows.length);
  };

  /** Hands rows back unblamed (the bus was down, or the relay is stopping), to try again after `delayMs`. */
  const release = async (rows: readonly ClaimedRow[], delayMs: number, error?: unknown): Promise<void> => {
    await db.query(
      `UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, next_attempt_at = now() + make_interval(secs => $2::float8 / 1000),
              last_error = coalesce($3, last_error)
        WHERE id = ANY($1::bigint[]) AND published_at IS NULL`,
      [rows.map((r) => r.id), delayMs, error === undefined ? null : errorText(error)],
    );
  };

  const blame = async (row: ClaimedRow, error: unknown): Promise<void> => {
    const attempts = row.attempts + 1;
    metrics.outboxFailures.inc();
    if (attempts >= maxAttempts) {
      await db.query('UPDATE outbox SET attempts = $2, last_error = $3, parked_at = now(), claimed_by = NULL, claimed_until = NULL WHERE id = $1', [
        row.id,
        attempts,
        errorText(error),
      ]);
      metrics.outboxParked.inc({ topic: row.topic });
      logger.error(
        { err: error, outboxId: row.id, eventId: row.event_id, topic: row.topic, key: row.key, attempts },
        'outbox row parked after repeated publish failures',
      );
      return;
    }
    const delayMs = backoffMs(attempts, maxBackoffMs);
    await db.query(
      `UPDATE outbox SET attempts = $2, last_error = $3, claimed_by = NULL, claimed_until = NULL,
              next_attempt_at = now() + make_interval(secs => $4::float8 / 1000) WHERE id = $1`,
      [row.id, attempts, errorText(error), delayMs],
    );
    logger.warn({ err: error, outboxId: row.id, eventId: row.event_id, topic: row.topic, attempts, backoffMs: delayMs }, 'outbox publish failed');
  };

  /** Publishes rows, each in a producer span joined to the trace that wrote it. */
  const send = async (rows: readonly ClaimedRow[]): Promise<void> => {
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
  };

  const publishBatch = async (rows: ClaimedRow[]): Promise<void> => {
    // Long publishes (a slow broker; the embedded bus waiting for its consumers) keep their claims.
    const renew = setInterval(
      () => {
        db.query(
          'UPDATE outbox SET claimed_until = now() + make_interval(secs => $3::float8 / 1000) WHERE id = ANY($1::bigint[]) AND claimed_by = $2 AND published_at IS NULL',
          [rows.map((r) => r.id), relayId, leaseMs],
        ).catch((error: unknown) => {
          logger.warn({ err: error }, 'outbox claim renewal failed');
        });
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    renew.unref();
    try {
      await send(rows);
      busFailures = 0;
      await markPublished(rows);
      return;
    } catch (error) {
      if (!running) {
        await release(rows, 0);
        return;
      }
      if (!(await busAnswers())) {
        busFailures += 1;
        const delayMs = backoffMs(busFailures, maxBackoffMs);
        busDownUntil = Date.now() + delayMs;
        metrics.outboxFailures.inc();
        logger.warn({ err: error, rows: rows.length, backoffMs: delayMs }, 'event bus unavailable; outbox publishing paused');
        await release(rows, delayMs, error);
        return;
      }
      // The bus answers, so a row is at fault: with several, find which one by one.
      const [only] = rows;
      if (rows.length === 1 && only) {
        await blame(only, error);
        return;
      }
      for (const row of rows) {
        try {
          await send([row]);
          await markPublished([row]);
        } catch (rowError) {
          await blame(row, rowError);
        }
      }
    } finally {
      clearInterval(renew);
    }
  };

  const busAnswers = async (): Promise<boolean> => {
    try {
      await bus.ping();
      return true;
    } catch {
      return false;
    }
  };

  const waitFor = async (ms: number): Promise<void> => {
    if (woken) return;
    const abort = new AbortController();
    wakeUp = () => {
      abort.abort();
    };
    await sleep(ms, undefined, { signal: abort.signal }).catch(() => undefined);
  };

  const launch = (rows: ClaimedRow[]): void => {
    const task = publishBatch(rows)
      .catch((error: unknown) => {
        // After stop the database may be closed already; the rows return when their claim lapses.
        logger[running ? 'error' : 'debug']({ err: error }, 'outbox publish bookkeeping failed');
      })
      .finally(() => {
        inFlight.delete(task);
        woken = true;
        wakeUp?.();
      });
    inFlight.add(task);
  };

  const run = async (): Promise<void> => {
    while (running) {
      woken = false;
      let delay = pollIntervalMs;
      const pausedFor = busDownUntil - Date.now();
      if (pausedFor > 0) delay = Math.min(pausedFor, pollIntervalMs);
      else if (inFlight.size < maxInFlight) {
        try {
          const { rows, dueInMs } = await claim();
          if (rows.length > 0) launch(rows);
          if (rows.length > 0 && inFlight.size < maxInFlight) continue;
          if (dueInMs !== undefined) delay = Math.min(pollIntervalMs, Math.max(10, Math.ceil(dueInMs)));
        } catch (error) {
          logger.error({ err: error }, 'outbox claim failed');
        }
      }
      await waitFor(delay);
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
      if (!running) return;
      running = false;
      woken = true;
      wakeUp?.();
      await loop;
      const pending = Promise.all(inFlight);
      const finished = await Promise.race([pending.then(() => true), sleep(stopGraceMs, false, { ref: false })]);
      if (!finished) {
        // The bus did not answer in time: hand the rows back so the next relay publishes them again.
        await db.query('UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = $1 AND published_at IS NULL', [relayId]);
      }
    },
  };
}
