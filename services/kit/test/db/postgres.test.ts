import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { createLogger, createPostgresDatabase } from '../../src/index.ts';
import { createTestStack, realInfrastructure, type TestStack } from '../support.ts';

const stack: TestStack = await createTestStack();
after(() => stack.close());

/** A logger whose lines the test reads. */
function capturedLogger() {
  const lines: { msg: string }[] = [];
  return { lines, logger: createLogger('kit-test', 'info', { write: (line) => lines.push(JSON.parse(line) as { msg: string }) }) };
}

describe('the PostgreSQL pool', () => {
  it('fails a query whose connection cannot be made within the connect timeout, instead of waiting for ever', async () => {
    // A server that accepts connections and never answers, as a half-dead database host does.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const db = createPostgresDatabase(`postgres://nobody@127.0.0.1:${String(port)}/none`, { poolSize: 1, connectTimeoutMs: 300 });
    try {
      await assert.rejects(db.query('SELECT 1'), /timeout/i);
    } finally {
      await db.close().catch(() => undefined);
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

// The rest needs a real server: PGlite has no pool, no backends to terminate and no timeouts.
if (realInfrastructure.postgres) {
  describe('the PostgreSQL pool on a real server', () => {
    const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: realInfrastructure.postgres });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };
    const terminate = (pid: number) => admin((client) => client.query('SELECT pg_terminate_backend($1)', [pid]));

    it('cancels a statement that runs past the statement timeout', async () => {
      const db = createPostgresDatabase((await stack.databaseUrl('kit')) ?? '', { poolSize: 2, statementTimeoutMs: 200 });
      try {
        await assert.rejects(db.query('SELECT pg_sleep(5)'), /statement timeout/);
        assert.deepEqual((await db.query('SELECT 1 AS one')).rows, [{ one: 1 }]);
      } finally {
        await db.close();
      }
    });

    it('prepares each statement once per connection, and afresh when a migration changed what it returns', async () => {
      const db = createPostgresDatabase((await stack.databaseUrl('kit')) ?? '', { poolSize: 1 });
      try {
        await db.exec('DROP TABLE IF EXISTS prepared_probe; CREATE TABLE prepared_probe (a int); INSERT INTO prepared_probe VALUES (1)');
        const select = 'SELECT * FROM prepared_probe';
        assert.deepEqual((await db.query(select)).rows, [{ a: 1 }]);
        const prepared = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [select]);
        assert.deepEqual(prepared.rows, [{ n: 1 }], 'the one connection holds the statement prepared');
        await db.exec('ALTER TABLE prepared_probe ADD COLUMN b text; ALTER TABLE prepared_probe ALTER COLUMN a TYPE bigint');
        assert.deepEqual((await db.query(select)).rows, [{ a: 1, b: null }]);
      } finally {
        await db.close();
      }
    });

    it('logs an idle pooled connection the server terminated, keeps running, and reconnects for the next query', async () => {
      const { lines, logger } = capturedLogger();
      const db = createPostgresDatabase((await stack.databaseUrl('kit')) ?? '', { poolSize: 1, logger });
      try {
        const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await terminate(rows[0]?.pid ?? 0);
        for (let i = 0; i < 100 && !lines.some((l) => l.msg === 'database connection lost'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
        assert.ok(
          lines.some((l) => l.msg === 'database connection lost'),
          'the lost connection is logged',
        );
        const next = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        assert.notEqual(next.rows[0]?.pid, rows[0]?.pid);
      } finally {
        await db.close();
      }
    });

    it('destroys a connection terminated inside a transaction, so the next caller gets a working one', async () => {
      const db = createPostgresDatabase((await stack.databaseUrl('kit')) ?? '', { poolSize: 1 });
      try {
        let killed = 0;
        await assert.rejects(
          db.transaction(async (tx) => {
            const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
            killed = rows[0]?.pid ?? 0;
            await terminate(killed);
            await tx.query('SELECT 1');
          }),
        );
        const next = await db.transaction((tx) => tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'));
        assert.ok(next.rows[0] && next.rows[0].pid !== killed);
        assert.deepEqual(db.poolStats?.(), { total: 1, idle: 1, waiting: 0 });
      } finally {
        await db.close();
      }
    });
  });
}
