import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, QueryResult } from './database.ts';

const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * Real PostgreSQL compiled to WASM, in process: the embedded stack's database. `dataDir`
 * persists it; without one it lives in memory (tests).
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { parsers });
  const toResult = <Row>(result: { rows: Row[]; affectedRows?: number }): QueryResult<Row> => ({
    rows: result.rows,
    rowCount: result.affectedRows ?? result.rows.length,
  });
  return {
    query: async (sql, params) => toResult(await db.query(sql, params as unknown[] | undefined)),
    async exec(sql) {
      await db.exec(sql);
    },
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async (sql, params) => toResult(await tx.query(sql, params as unknown[] | undefined)),
          async exec(sql) {
            await tx.exec(sql);
          },
        }),
      ),
    async ping() {
      await db.query('SELECT 1');
    },
    close: () => db.close(),
  };
}
