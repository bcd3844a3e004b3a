import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database.ts';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';

export interface EventRetentionOptions {
  db: Database;
  logger: Logger;
  metrics: Metrics;
  /** Published outbox rows older than this are deleted; pending and parked rows never are. */
  outboxRetentionHours: number;
  /**
   * Processed-event records older than this are deleted. Keep it longer than a message can be
   * redelivered (the topics' retention), or a replayed old event would apply twice.
   */
  processedEventsRetentionDays: number;
  intervalMs?: number;
  /** Rows deleted per statement, so no delete holds many locks or runs long. */
  batchSize?: number;
}

export interface EventRetention {
  /** One pass: prune, then measure the backlog. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

const prunable = {
  outbox: {
    count: 'SELECT count(*)::int AS n FROM outbox WHERE published_at < now() - make_interval(secs => $1::float8)',
    delete: `DELETE FROM outbox WHERE id IN (
               SELECT id FROM outbox WHERE published_at < now() - make_interval(secs => $1::float8) LIMIT $2 FOR UPDATE SKIP LOCKED)`,
  },
  processed_events: {
    count: 'SELECT count(*)::int AS n FROM processed_events WHERE processed_at < now() - make_interval(secs => $1::float8)',
    delete: `DELETE FROM processed_events WHERE event_id IN (
               SELECT event_id FROM processed_events WHERE processed_at < now() - make_interval(secs => $1::float8) LIMIT $2 FOR UPDATE SKIP LOCKED)`,
  },
} as const;

/**
 * Keeps the kit's event tables small: deletes published outbox rows and processed-event records
 * past their retention, a batch at a time (replicas may run it side by side), and exports the
 * backlog: rows pending, rows parked, rows past retention still present.
 */
export function startEventRetention(options: EventRetentionOptions): EventRetention {
  const { db, logger, metrics, intervalMs = 15_000, batchSize = 5000 } = options;
  const ageSeconds = { outbox: options.outboxRetentionHours * 3600, processed_events: options.processedEventsRetentionDays * 86_400 };
  const stopping = new AbortController();

  const prune = async (table: keyof typeof prunable): Promise<void> => {
    for (;;) {
      const { rowCount } = await db.query(prunable[table].delete, [ageSeconds[table], batchSize]);
      if (rowCount > 0) metrics.eventRowsPruned.inc({ table }, rowCount);
      if (rowCount < batchSize || stopping.signal.aborted) return;
    }
  };

  const measure = async (): Promise<void> => {
    const { rows } = await db.query<{ pending: number; parked: number; lag: number | null }>(
      `SELECT count(*) FILTER (WHERE parked_at IS NULL)::int AS pending, count(*) FILTER (WHERE parked_at IS NOT NULL)::int AS parked,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE parked_at IS NULL))::float8 AS lag
         FROM outbox WHERE published_at IS NULL`,
    );
    metrics.outboxPending.set(rows[0]?.pending ?? 0);
    metrics.outboxParkedEvents.set(rows[0]?.parked ?? 0);
    metrics.outboxLag.set(rows[0]?.lag ?? 0);
    for (const table of ['outbox', 'processed_events'] as const) {
      const counted = await db.query<{ n: number }>(prunable[table].count, [ageSeconds[table]]);
      metrics.eventRowsAwaitingPrune.set({ table }, counted.rows[0]?.n ?? 0);
    }
  };

  const runOnce = async (): Promise<void> => {
    await prune('outbox');
    await prune('processed_events');
    await measure();
  };

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        await runOnce();
      } catch (error) {
        logger.warn({ err: error }, 'event retention pass failed');
      }
      await sleep(intervalMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    runOnce,
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
