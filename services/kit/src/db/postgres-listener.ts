import pg from 'pg';
import type { Logger } from '../observability/logger.ts';
import { assertChannelName, type ChannelListener } from './database.ts';

export interface ListenerOptions {
  connectTimeoutMs: number;
  /** How often the connection is asked a trivial query, so that one that died silently is noticed. */
  checkEveryMs?: number;
  /** The wait before connecting again doubles from `retryMs` to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  logger?: Logger;
}

export interface PostgresListener {
  /**
   * Resolves once every notification of a transaction that committed before the call has been
   * handed to the listener: PostgreSQL sends a session its pending notifications before it
   * answers the session's next query. Never rejects; a connection that fails to answer is lost.
   */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * caughtUp for the listening connection (none while not listening), whose failure to answer drops
 * it. A connection answers one query at a time, and each caller needs a query sent after its own
 * commit: callers that arrive while one is in flight share the next one.
 */
function catchingUp(listeningOn: () => pg.Client | undefined, drop: (client: pg.Client, error: Error) => void): () => Promise<void> {
  let asking: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const ask = (client: pg.Client) =>
    client.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => {
        drop(client, error instanceof Error ? error : new Error(String(error)));
      },
    );
  // While not listening, nothing is served on the notifications' word: there is nothing to catch up with.
  const caughtUp = (): Promise<void> => {
    const client = listeningOn();
    if (client === undefined) return Promise.resolve();
    if (asking === undefined) {
      asking = ask(client).finally(() => {
        asking = undefined;
      });
      return asking;
    }
    queued ??= asking.then(() => {
      queued = undefined;
      return caughtUp();
    });
    return queued;
  };
  return caughtUp;
}

/**
 * LISTEN on a connection of its own (a pooled connection would be handed to other callers, and a
 * LISTEN lasts only as long as its session). A lost connection is reported at once and replaced
 * after a backoff; listening resumes on the new one.
 */
export function listenOnPostgres(connectionString: string, channel: string, listener: ChannelListener, options: ListenerOptions): PostgresListener {
  assertChannelName(channel);
  const { connectTimeoutMs, checkEveryMs = 10_000, retryMs = 500, maxRetryMs = 30_000, logger } = options;
  let current: pg.Client | undefined;
  /** `current` once its LISTEN has been answered. */
  let listening: pg.Client | undefined;
  let stopped = false;
  let wait = retryMs;
  let retry: NodeJS.Timeout | undefined;

  const drop = (client: pg.Client, error: Error) => {
    if (client !== current) return;
    current = undefined;
    if (listening === client) listener.onListening(false);
    listening = undefined;
    logger?.warn({ err: error, channel }, 'not listening for database notifications; trying again shortly');
    client.end().catch(() => undefined);
    reconnectLater();
  };

  const reconnectLater = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), wait);
    retry.unref();
    wait = Math.min(wait * 2, maxRetryMs);
  };

  const connect = async () => {
    // Named in pg_stat_activity, so an operator can tell this session from the pool's.
    const client = new pg.Client({
      connectionString,
      application_name: `listen ${channel}`,
      keepAlive: true,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: connectTimeoutMs,
    });
    client.on('notification', (message) => {
      if (message.channel === channel) listener.onNotify(message.payload ?? '');
    });
    client.on('error', (error) => {
      drop(client, error);
    });
    client.on('end', () => {
      drop(client, new Error('the connection ended'));
    });
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      drop(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (client !== current) return;
    if (stopped) {
      await client.end();
      return;
    }
    wait = retryMs;
    listening = client;
    listener.onListening(true);
  };

  const caughtUp = catchingUp(() => listening, drop);
  // A connection that died without a word (a silent network) is found out by a query.
  const check = setInterval(() => void caughtUp(), checkEveryMs);
  check.unref();
  void connect();

  return {
    caughtUp,
    async stop() {
      stopped = true;
      clearInterval(check);
      clearTimeout(retry);
      const client = current;
      current = undefined;
      listening = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
