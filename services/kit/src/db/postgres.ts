import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database.ts';

// BIGINT and NUMERIC stay strings in pg by default; our counts and paise fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createPostgresDatabase(connectionString: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize, idleTimeoutMillis: 30_000 });
  // An idle connection the server dropped (restart, failover) must not crash the process: the
  // pool discards it and the next query reconnects; /readyz reports a lasting outage.
  pool.on('error', () => undefined);
  const run = async <Row extends object>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
    const result = await client.query<Row>(sql, params as unknown[] | undefined);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };
  const exec = async (client: pg.Pool | pg.PoolClient, sql: string): Promise<void> => {
    await client.query(sql);
  };
  return {
    query: (sql, params) => run(pool, sql, params),
    exec: (sql) => exec(pool, sql),
    async transaction(work) {
      const client = await pool.connect();
      const tx: Queryable = { query: (sql, params) => run(client, sql, params), exec: (sql) => exec(client, sql) };
      try {
        await client.query('BEGIN');
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
