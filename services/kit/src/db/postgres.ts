import pg from 'pg';
import type { Logger } from '../observability/logger.ts';
import { TransactionRolledBack, transactionEnded, type Database, type QueryResult, type Queryable } from './database.ts';
import { listenOnPostgres, type PostgresListener } from './postgres-listener.ts';

// BIGINT and NUMERIC stay strings in pg by default; our counts and paise fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Statements are prepared by name, once per connection, so PostgreSQL parses and plans each SQL
 * text once instead of on every call (a quarter more authenticated reads a second, the server
 * sharing the machine's cores with the service). The names are the process's, per SQL text.
 */
function preparedStatementNames() {
  const names = new Map<string, string>();
  let next = 0;
  const renew = (sql: string): string => {
    const name = `s${String((next += 1))}`;
    names.set(sql, name);
    return name;
  };
  return { nameOf: (sql: string): string => names.get(sql) ?? renew(sql), renew };
}

/**
 * A migration changed what a prepared statement returns (a column's type, `SELECT *` after a new
 * column): PostgreSQL refuses the old plan, and the text must be prepared afresh under a new name.
 */
const isStalePlan = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/.test((error as Error).message);

export interface PostgresOptions {
  poolSize: number;
  /** How long taking a new connection may take before the query fails. */
  connectTimeoutMs?: number;
  /** Longest a statement may run before PostgreSQL cancels it. */
  statementTimeoutMs?: number;
  logger?: Logger;
}

/** Runs a statement prepared once per connection under the process's name for its text (preparedStatementNames). */
function preparedQueries(pool: pg.Pool) {
  const statements = preparedStatementNames();
  return async <Row extends object>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
    const values = params as unknown[] | undefined;
    const result = await client.query<Row>({ name: statements.nameOf(sql), text: sql, values }).catch(async (error: unknown) => {
      if (!isStalePlan(error)) throw error;
      statements.renew(sql);
      // Outside a transaction nothing was changed: ask again under the new name. Inside one, the
      // transaction is aborted and its caller sees the error.
      if (client !== pool) throw error;
      return client.query<Row>({ name: statements.nameOf(sql), text: sql, values });
    });
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };
}

type Run = ReturnType<typeof preparedQueries>;

async function exec(client: pg.Pool | pg.PoolClient, sql: string): Promise<void> {
  await client.query(sql);
}

/**
 * One connection answers one statement at a time (pg 9 will refuse a second one sent while the
 * first runs): statements sent at once go in the order sent. The chain never rejects, so a failed
 * statement does not hold back the next.
 */
function inTurn() {
  let last: Promise<unknown> = Promise.resolve();
  return <R>(statement: () => Promise<R>): Promise<R> => {
    const next = last.then(statement);
    last = next.catch(() => undefined);
    return next;
  };
}

/** Runs `work` in a transaction on a connection of its own, its statements in turn and COMMIT after them. */
async function runTransaction<T>(pool: pg.Pool, run: Run, logger: Logger | undefined, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const turn = inTurn();
  // Once released, the connection is another caller's: a late statement must not run on it.
  let open = true;
  const tx: Queryable = {
    query: (sql, params) => (open ? turn(() => run(client, sql, params)) : Promise.reject(transactionEnded())),
    exec: (sql) => (open ? turn(() => exec(client, sql)) : Promise.reject(transactionEnded())),
  };
  // A connection that fails while checked out (terminated, timed out mid-protocol) emits an
  // error nobody else listens to, which would crash the process; and a connection whose
  // ROLLBACK fails is broken: either way it is destroyed rather than handed to the next caller.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
    logger?.warn({ err: error }, 'database connection lost');
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(tx);
    open = false;
    const { command } = await turn(() => client.query('COMMIT'));
    if (command === 'ROLLBACK') throw new TransactionRolledBack();
    return result;
  } catch (error) {
    open = false;
    if (error instanceof TransactionRolledBack) throw error;
    const rollbackFailure = await turn(() => client.query('ROLLBACK')).then(
      () => undefined,
      (rollbackError: unknown) => (rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError))),
    );
    broken ??= rollbackFailure;
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

export function createPostgresDatabase(connectionString: string, options: PostgresOptions | number): Database {
  const { poolSize, connectTimeoutMs = 5000, statementTimeoutMs = 15_000, logger } = typeof options === 'number' ? { poolSize: options } : options;
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    // A transaction left open by a stuck caller would hold its locks and its connection.
    idle_in_transaction_session_timeout: statementTimeoutMs * 2,
  });
  // An idle connection the server dropped (restart, failover, a terminated backend) must not
  // crash the process: the pool discards it and the next query takes a fresh one.
  pool.on('error', (error) => {
    logger?.warn({ err: error }, 'database connection lost');
  });
  const run = preparedQueries(pool);
  // Read your own writes: a write of this process resolves only once its notifications have
  // reached this process's listeners, so no cache here serves what the write replaced.
  const listeners = new Set<PostgresListener>();
  const notificationsDelivered = async (): Promise<void> => {
    if (listeners.size > 0) await Promise.all([...listeners].map((listener) => listener.caughtUp()));
  };
  return {
    async query<Row extends object>(sql: string, params?: readonly unknown[]) {
      const result = await run<Row>(pool, sql, params);
      if (!/^\s*SELECT\b/i.test(sql)) await notificationsDelivered();
      return result;
    },
    async exec(sql) {
      await exec(pool, sql);
      await notificationsDelivered();
    },
    async transaction(work) {
      const result = await runTransaction(pool, run, logger, work);
      await notificationsDelivered();
      return result;
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    listen(channel, listener) {
      const listening = listenOnPostgres(connectionString, channel, listener, { connectTimeoutMs, ...(logger ? { logger } : {}) });
      listeners.add(listening);
      return {
        async stop() {
          listeners.delete(listening);
          await listening.stop();
        },
      };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
