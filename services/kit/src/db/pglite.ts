import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, parse, protocol, types, type messages } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { TransactionRolledBack, assertChannelName, transactionEnded, type Database, type QueryResult, type Queryable } from './database.ts';

/**
 * bytea in and out through Buffer's hex codec: PGlite's own goes a byte at a time through
 * strings, seconds for chat's passage vectors. Arrays of bytea use these too.
 */
const parsers = { [types.INT8]: (value: string) => Number(value), [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex') };
const serializers = { [types.BYTEA]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}` };
/** Extensions a service's migrations may create, as on PostgreSQL (pg_trgm: chat's retrieval by name). */
const extensions = { pg_trgm };
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
 * serializers and parsers, as its `query` does. Callers run one statement at a time.
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
    const { messages: described } = await db.execProtocol(
      Buffer.concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parseDescribeStatementResults(described), describe: described.filter((m) => m.name === 'rowDescription') };
    statements.set(sql, prepared);
    const [oldest] = statements;
    if (statements.size > preparedLimit && oldest) {
      statements.delete(oldest[0]);
      await db.execProtocol(Buffer.concat([serialize.close({ type: 'S', name: oldest[1].name }), serialize.sync()]), { syncToFs: false });
    }
    return prepared;
  };

  /** What a statement's answer says: rows, and the command tag (a COMMIT that rolled back says ROLLBACK). */
  const run = async <Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row> & { command: string | undefined }> => {
    const { name, paramTypes, describe } = await prepare(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      // bytea goes in binary, as pg sends a Buffer: no hex text twice its size to build and scan.
      if (value instanceof Uint8Array && paramTypes[i] === types.BYTEA) return value;
      const serializer = db.serializers[paramTypes[i] ?? 0];
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    // No file system sync: the data directory is Node's own files (or memory), written as Postgres writes them.
    const { messages: answer } = await db.execProtocol(Buffer.concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]), {
      syncToFs: false,
    });
    const [result] = parseResults([...describe, ...answer], db.parsers);
    const rows = (result?.rows ?? []) as Row[];
    const command = answer.find((m): m is messages.CommandCompleteMessage => m.name === 'commandComplete')?.text;
    // As in pg: rows changed by INSERT/UPDATE/DELETE, rows returned by SELECT.
    return { rows, rowCount: Math.max(result?.affectedRows ?? 0, rows.length), command };
  };

  return {
    run,
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      const { rows, rowCount } = await run<Row>(sql, params);
      return { rows, rowCount };
    },
    /**
     * Runs a script of several statements. A migration may change what a prepared statement
     * returns, so every statement is prepared anew afterwards.
     */
    async exec(sql: string): Promise<void> {
      await db.execProtocol(Buffer.concat([serialize.query(sql), serialize.sync()]), { syncToFs: false });
      if (statements.size === 0) return;
      statements.clear();
      await db.execProtocol(Buffer.concat([serialize.query('DEALLOCATE ALL'), serialize.sync()]), { syncToFs: false });
    },
  };
}

/**
 * Runs work one piece at a time, in the order asked. PGlite has one connection: a statement
 * must not start while another is running, nor outside a transaction while one is open. (PGlite's
 * own locks, async-mutex compiled to generators, cost a tenth of an embedded request.)
 */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const turn = last.then(work);
    last = turn.catch(() => undefined);
    return turn;
  };
}

/**
 * Real PostgreSQL compiled to WASM, in process: the embedded stack's database. `dataDir`
 * persists it; without one it lives in memory (tests).
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  const isNew = !dataDir || !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { parsers, serializers, extensions, ...(isNew ? { loadDataDir: await emptyCluster() } : {}) });
  const statements = preparedStatements(db);
  const exclusive = oneAtATime();
  return {
    query: (sql, params) => exclusive(() => statements.query(sql, params)),
    exec: (sql) => exclusive(() => statements.exec(sql)),
    transaction: (work) =>
      exclusive(async () => {
        await statements.run('BEGIN');
        // Statements of the transaction run one at a time too, and none once it has ended.
        const inTransaction = oneAtATime();
        let open = true;
        const during = <T>(statement: () => Promise<T>) => (open ? inTransaction(statement) : Promise.reject(transactionEnded()));
        const tx: Queryable = { query: (sql, params) => during(() => statements.query(sql, params)), exec: (sql) => during(() => statements.exec(sql)) };
        try {
          const result = await work(tx);
          open = false;
          await inTransaction(async () => {
            const { command } = await statements.run('COMMIT');
            if (command === 'ROLLBACK') throw new TransactionRolledBack();
          });
          return result;
        } catch (error) {
          open = false;
          if (!(error instanceof TransactionRolledBack)) await inTransaction(() => statements.run('ROLLBACK'));
          throw error;
        }
      }),
    ping: async () => {
      await exclusive(() => statements.query('SELECT 1'));
    },
    // One connection, never lost: listening from the start to the stop.
    listen(channel, listener) {
      assertChannelName(channel);
      const unlisten = exclusive(() =>
        db.listen(channel, (payload) => {
          listener.onNotify(payload);
        }),
      );
      void unlisten.then(
        () => {
          listener.onListening(true);
        },
        () => undefined,
      );
      return {
        async stop() {
          const end = await unlisten.catch(() => undefined);
          if (end && !db.closed) await exclusive(() => end());
        },
      };
    },
    close: () => exclusive(() => db.close()),
  };
}
