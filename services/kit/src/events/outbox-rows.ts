// The outbox relay's bookkeeping of its rows: claims (a lease, renewed while a publish runs), and
// what became of each publish: published, handed back unblamed, or blamed and in time parked.
import type { Database } from '../db/database.ts';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';

export interface ClaimedRow {
  id: string;
  event_id: string;
  topic: string;
  key: string;
  envelope: Uint8Array;
  attempts: number;
  traceparent: string | null;
}

export interface OutboxRowSettings {
  /** Whose claims these are: one relay of one replica. */
  relayId: string;
  leaseMs: number;
  batchSize: number;
  maxAttempts: number;
  maxBackoffMs: number;
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

export const backoffMs = (attempt: number, maxMs: number): number => Math.min(maxMs, 200 * 2 ** Math.max(0, attempt - 1));

export function outboxRows(db: Database, logger: Logger, metrics: Metrics, settings: OutboxRowSettings) {
  const { relayId, leaseMs, batchSize, maxAttempts, maxBackoffMs } = settings;
  return {
    /** Claims what is due; with nothing due, also says how long until something is. */
    claim: async (): Promise<{ rows: ClaimedRow[]; dueInMs: number | undefined }> =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<ClaimedRow>(claimSql, [relayId, leaseMs, batchSize]);
        if (rows.length > 0) return { rows, dueInMs: 0 };
        const due = await tx.query<{ wait_ms: number | null }>(nextDueSql);
        return { rows, dueInMs: due.rows[0]?.wait_ms ?? undefined };
      }),

    /** Renews the rows' claim until the returned function is called: long publishes (a slow broker; the embedded bus waiting for its consumers) keep their claims. */
    keepClaimed: (rows: readonly ClaimedRow[]): (() => void) => {
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
      return () => {
        clearInterval(renew);
      };
    },

    markPublished: async (rows: readonly ClaimedRow[]): Promise<void> => {
      await db.query('UPDATE outbox SET published_at = now(), claimed_by = NULL, claimed_until = NULL WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
      metrics.outboxPublished.inc(rows.length);
    },

    /** Hands rows back unblamed (the bus was down, or the relay is stopping), to try again after `delayMs`. */
    release: async (rows: readonly ClaimedRow[], delayMs: number, error?: unknown): Promise<void> => {
      await db.query(
        `UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, next_attempt_at = now() + make_interval(secs => $2::float8 / 1000),
                last_error = coalesce($3, last_error)
          WHERE id = ANY($1::bigint[]) AND published_at IS NULL`,
        [rows.map((r) => r.id), delayMs, error === undefined ? null : errorText(error)],
      );
    },

    /** Counts a failed publish against the row: retried after a backoff, parked after `maxAttempts`. */
    blame: async (row: ClaimedRow, error: unknown): Promise<void> => {
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
    },

    /** Hands back every row this relay still holds, so the next relay publishes them again. */
    releaseAll: async (): Promise<void> => {
      await db.query('UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = $1 AND published_at IS NULL', [relayId]);
    },
  };
}

export type OutboxRows = ReturnType<typeof outboxRows>;
