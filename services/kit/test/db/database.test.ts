import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../../src/index.ts';
import { createTestStack, databaseAdapters, type TestStack } from '../support.ts';

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

    it(
      'reports the number of rows a SELECT returned as its rowCount',
      async () => {
        const result = await db.query('SELECT * FROM (VALUES (1), (2)) AS v(x)');
        assert.equal(result.rows.length, 2);
        assert.equal(result.rowCount, 2);
      },
    );

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
  });
}
