import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, QueryResult } from './database.ts';

const parsers = { [types.INT8]: (value: string) => Number(value) };

const pgliteManifest = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
const pgliteVersion = (JSON.parse(readFileSync(pgliteManifest, 'utf8')) as { version: string }).version;
const templateFile = join(tmpdir(), `betterplus-pglite-${pgliteVersion}.tar`);
let template: Promise<Blob> | undefined;

/**
 * A fresh PGlite cluster costs an initdb (seconds); loading a copy of an empty one costs a
 * fraction of that. The copy is made once per machine and reused by every new database.
 */
function emptyCluster(): Promise<Blob> {
  template ??= (async () => {
    if (existsSync(templateFile)) return new Blob([await readFile(templateFile)]);
    const fresh = await PGlite.create();
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    const partial = `${templateFile}.${String(process.pid)}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, templateFile);
    return dump;
  })();
  return template;
}

/**
 * Real PostgreSQL compiled to WASM, in process: the embedded stack's database. `dataDir`
 * persists it; without one it lives in memory (tests).
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  const isNew = !dataDir || !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { parsers, ...(isNew ? { loadDataDir: await emptyCluster() } : {}) });
  const toResult = <Row>(result: { rows: Row[]; affectedRows?: number }): QueryResult<Row> => ({
    rows: result.rows,
    // As in pg: rows changed by INSERT/UPDATE/DELETE, rows returned by SELECT.
    rowCount: Math.max(result.affectedRows ?? 0, result.rows.length),
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
