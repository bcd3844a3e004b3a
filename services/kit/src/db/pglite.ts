import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, parse, protocol, types, type messages } from '@electric-sql/pglite';
import type { Database, QueryResult } from './database.ts';

const parsers = { [types.INT8]: (value: string) => Number(value) };
const { serialize } = protocol;
const { parseDescribeStatementResults, parseResults } = parse;

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

/** Statements kept prepared per database; the least recently used beyond this are closed. */
const preparedLimit = 200;

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's row description (absent for statements that return no rows). */
  describe: messages.BackendMessage[];
}

/**
 * PGlite's `query` sends parse, describe, bind, describe, execute and sync as six calls into the
 * WASM backend, and parses and plans the SQL every time: about 300 µs for a one-row read, most of
 * an embedded request. Each SQL text is prepared once as a named statement instead; later calls
 * send bind, execute and sync in one call. Values are serialised and rows parsed by PGlite's own
 * serializers and parsers, as its `query` does. Callers hold PGlite's query lock.
 */
function preparedStatements(db: PGlite) {
  const statements = new Map<string, Prepared>();
  let next = 0;

  const prepare = async (sql: string): Promise<Prepared> => {
    const known = statements.get(sql);
    if (known) {
      // Map order is the recency order: a hit moves to the end.
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const name = `s${String((next += 1))}`;
    const { messages: described } = await db.execProtocol(Buffer.concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const prepared = { name, paramTypes: parseDescribeStatementResults(described), describe: described.filter((m) => m.name === 'rowDescription') };
    statements.set(sql, prepared);
    const [oldest] = statements;
    if (statements.size > preparedLimit && oldest) {
      statements.delete(oldest[0]);
      await db.execProtocol(Buffer.concat([serialize.close({ type: 'S', name: oldest[1].name }), serialize.sync()]), { syncToFs: false });
    }
    return prepared;
  };

  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const { name, paramTypes, describe } = await prepare(sql);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[paramTypes[i] ?? 0];
        return serializer ? serializer(value) : (value as { toString(): string }).toString();
      });
      const { messages: answer } = await db.execProtocol(Buffer.concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]));
      const [result] = parseResults([...describe, ...answer], db.parsers);
      const rows = (result?.rows ?? []) as Row[];
      // As in pg: rows changed by INSERT/UPDATE/DELETE, rows returned by SELECT.
      return { rows, rowCount: Math.max(result?.affectedRows ?? 0, rows.length) };
    },
    /**
     * Runs a script of several statements. A migration may change what a prepared statement
     * returns, so every statement is prepared anew afterwards.
     */
    async exec(sql: string): Promise<void> {
      await db.execProtocol(Buffer.concat([serialize.query(sql), serialize.sync()]));
      if (statements.size === 0) return;
      statements.clear();
      await db.execProtocol(Buffer.concat([serialize.query('DEALLOCATE ALL'), serialize.sync()]), { syncToFs: false });
    },
  };
}

/**
 * Real PostgreSQL compiled to WASM, in process: the embedded stack's database. `dataDir`
 * persists it; without one it lives in memory (tests).
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  const isNew = !dataDir || !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { parsers, ...(isNew ? { loadDataDir: await emptyCluster() } : {}) });
  const statements = preparedStatements(db);
  // The same locks as PGlite's own query and exec: a statement outside a transaction waits for
  // any open transaction; inside one, only for the statement before it.
  const inTransaction = {
    query: <Row>(sql: string, params?: readonly unknown[]) => db._runExclusiveQuery(() => statements.query<Row>(sql, params)),
    exec: (sql: string) => db._runExclusiveQuery(() => statements.exec(sql)),
  };
  return {
    query: (sql, params) => db._runExclusiveTransaction(() => inTransaction.query(sql, params)),
    exec: (sql) => db._runExclusiveTransaction(() => inTransaction.exec(sql)),
    transaction: (work) => db.transaction(() => work(inTransaction)),
    async ping() {
      await db.query('SELECT 1');
    },
    close: () => db.close(),
  };
}
