import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TransactionRolledBack, type Database, type Queryable } from '../../src/index.ts';
import { busyConnectionWarnings, createTestStack, databaseAdapters, type TestStack } from '../support.ts';

const stack: TestStack = await createTestStack();
after(() => stack.close());

// PGlite always; PostgreSQL too when DATABASE_URL is set: both must behave the same.
for (const adapter of databaseAdapters(stack)) {
  describe(`Database on ${adapter.name}`, () => {
    let db: Database;
    before(async () => {
      db = await adapter.open();
      await db.exec('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL); CREATE TABLE tallies (name text PRIMARY KEY, n bigint NOT NULL)');
    });
    after(() => db.close());

    it('runs parameterised queries, reports affected rows and returns bigints as numbers', async () => {
      await db.ping();
      assert.equal((await db.query('INSERT INTO notes (body) VALUES ($1), ($2), ($3)', ['a', 'b', 'c'])).rowCount, 3);
      assert.equal((await db.query("UPDATE notes SET body = body || '!' WHERE body <> $1", ['a'])).rowCount, 2);
      assert.equal((await db.query('DELETE FROM notes WHERE body = $1', ['nothing'])).rowCount, 0);
      const { rows } = await db.query<{ n: number; bodies: string }>("SELECT count(*) AS n, string_agg(body, ',' ORDER BY id) AS bodies FROM notes");
      assert.deepEqual(rows, [{ n: 3, bodies: 'a,b!,c!' }]);
    });

    it('reports the number of rows a SELECT returned as its rowCount', async () => {
      const result = await db.query('SELECT * FROM (VALUES (1), (2)) AS v(x)');
      assert.equal(result.rows.length, 2);
      assert.equal(result.rowCount, 2);
    });

    it('commits a transaction that resolves and returns its result', async () => {
      const result = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO tallies (name, n) VALUES ($1, $2)', ['committed', 9_007_199_254]);
        return 'done';
      });
      assert.equal(result, 'done');
      assert.deepEqual((await db.query('SELECT n FROM tallies WHERE name = $1', ['committed'])).rows, [{ n: 9_007_199_254 }]);
    });

    it('rolls back every statement of a transaction that throws, and rethrows its error', async () => {
      const failure = new Error('changed my mind');
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO tallies (name, n) VALUES ($1, 1)', ['rolled-back']);
          await tx.exec("UPDATE tallies SET n = n + 1 WHERE name = 'committed'; CREATE TABLE scratch (x int)");
          throw failure;
        }),
        (error) => error === failure,
      );
      const { rows } = await db.query<{ name: string; n: number }>('SELECT name, n FROM tallies ORDER BY name');
      assert.deepEqual(rows, [{ name: 'committed', n: 9_007_199_254 }]);
      assert.deepEqual((await db.query("SELECT to_regclass('scratch') AS t")).rows, [{ t: null }]);
    });

    it('refuses to report a commit when a statement of the transaction failed and its error was caught', async () => {
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO tallies (name, n) VALUES ($1, 1)', ['swallowed']);
          await tx.query('INSERT INTO tallies (name, n) VALUES ($1, 1)', ['swallowed']).catch(() => undefined);
          return 'believed committed';
        }),
        TransactionRolledBack,
      );
      assert.deepEqual((await db.query('SELECT name FROM tallies WHERE name = $1', ['swallowed'])).rows, []);
    });

    it('refuses a statement sent through a transaction that has ended', async () => {
      let handle: Queryable | undefined;
      await db.transaction(async (tx) => {
        handle = tx;
      });
      await assert.rejects(handle?.query('INSERT INTO tallies (name, n) VALUES ($1, 1)', ['late']) ?? Promise.resolve(), /the transaction has ended/);
      assert.deepEqual((await db.query('SELECT name FROM tallies WHERE name = $1', ['late'])).rows, []);
    });

    it('runs twenty statements at once, inside a transaction and beside it, each with its own answer, one at a time on a connection', async () => {
      const warnings = await busyConnectionWarnings(async () => {
        const outside = Array.from({ length: 20 }, (_, i) => db.query<{ n: number }>('SELECT $1::int AS n', [i]));
        const inside = db.transaction((tx) =>
          Promise.all(
            Array.from({ length: 20 }, (_, i) =>
              tx.query<{ n: number }>('INSERT INTO tallies (name, n) VALUES ($1, $2) RETURNING n', [`at-once-${String(i)}`, i]),
            ),
          ),
        );
        assert.deepEqual(
          (await Promise.all(outside)).map(({ rows }) => rows[0]?.n),
          Array.from({ length: 20 }, (_, i) => i),
        );
        assert.deepEqual(
          (await inside).map(({ rows }) => rows[0]?.n),
          Array.from({ length: 20 }, (_, i) => i),
        );
      });
      assert.deepEqual(warnings, []);
      assert.deepEqual((await db.query("SELECT count(*) AS n FROM tallies WHERE name LIKE 'at-once-%'")).rows, [{ n: 20 }]);
    });

    it('runs the same statement again after a failure, inside and outside a transaction, with the error of the failure', async () => {
      const insert = 'INSERT INTO tallies (name, n) VALUES ($1, $2)';
      await db.query(insert, ['twice', 1]);
      await assert.rejects(db.query(insert, ['twice', 2]), /duplicate key value violates unique constraint/);
      await assert.rejects(
        db.transaction((tx) => tx.query(insert, ['twice', 3])),
        /duplicate key/,
      );
      await db.query(insert, ['once', 4]);
      assert.deepEqual((await db.query('SELECT n FROM tallies WHERE name = ANY($1::text[]) ORDER BY n', [['twice', 'once']])).rows, [{ n: 1 }, { n: 4 }]);
    });

    it('answers a statement with what the table holds after a script changed its columns', async () => {
      await db.exec('CREATE TABLE reshaped (a int)');
      await db.query('INSERT INTO reshaped VALUES ($1)', [1]);
      assert.deepEqual((await db.query('SELECT * FROM reshaped')).rows, [{ a: 1 }]);
      await db.exec("ALTER TABLE reshaped ADD COLUMN b text NOT NULL DEFAULT 'new'");
      assert.deepEqual((await db.query('SELECT * FROM reshaped')).rows, [{ a: 1, b: 'new' }]);
    });

    it('keeps answering when many distinct statements have been run', async () => {
      for (let i = 0; i < 260; i += 1) assert.deepEqual((await db.query(`SELECT $1::int + ${String(i)} AS n`, [1])).rows, [{ n: i + 1 }]);
      assert.deepEqual((await db.query('SELECT $1::int + 0 AS n', [7])).rows, [{ n: 7 }]);
    });

    it('passes values of every kind the services send: text, numbers, booleans, dates, json, bytes, arrays and null', async () => {
      const at = new Date('2026-11-23T10:00:00.000Z');
      const {
        rows: [row],
      } = await db.query(
        'SELECT $1::text AS t, $2::int AS i, $3::bool AS b, $4::timestamptz AS d, $5::jsonb AS j, $6::bytea AS y, $7::int[] AS a, $8::text AS z, $9::uuid AS u',
        ["ä's", 42, true, at, { k: [1, 'x'] }, new Uint8Array([0, 255, 7]), [1, 2], null, '6f1c2a9e-2f4b-4c51-9a36-0d3c1c1b7a10'],
      );
      // pg reads bytea as a Buffer, PGlite as a Uint8Array: the bytes are what both must agree on.
      const { y, ...rest } = row ?? {};
      assert.deepEqual([...(y as Uint8Array)], [0, 255, 7]);
      assert.deepEqual(rest, { t: "ä's", i: 42, b: true, d: at, j: { k: [1, 'x'] }, a: [1, 2], z: null, u: '6f1c2a9e-2f4b-4c51-9a36-0d3c1c1b7a10' });
    });

    it('passes bytes whole: a view into a larger buffer, every byte value, one bytea and an array of them, both ways', async () => {
      const all = Buffer.from(Array.from({ length: 3 * 256 }, (_, i) => i % 256));
      const view = all.subarray(256, 512);
      const {
        rows: [row],
      } = await db.query<{ one: Uint8Array; many: Uint8Array[]; length: number }>('SELECT $1::bytea AS one, $2::bytea[] AS many, length($1::bytea) AS length', [
        view,
        [view, new Uint8Array([92, 120, 34, 0])],
      ]);
      assert.ok(row);
      assert.equal(row.length, 256);
      assert.deepEqual([...row.one], [...view]);
      assert.deepEqual(
        row.many.map((bytes) => [...bytes]),
        [[...view], [92, 120, 34, 0]],
      );
    });
  });
}
