import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { busyConnectionWarnings, createNotifiedNotes, createTestStack, databaseAdapters, type TestStack } from '../support.ts';

const stack: TestStack = await createTestStack();
after(() => stack.close());

/** What a listener was told, in order: payloads, and 'listening'/'lost' for its state. */
function recorder() {
  const heard: string[] = [];
  return { heard, listener: { onNotify: (payload: string) => heard.push(payload), onListening: (now: boolean) => heard.push(now ? 'listening' : 'lost') } };
}

for (const adapter of databaseAdapters(stack)) {
  describe(`LISTEN on ${adapter.name}`, () => {
    let db: Database;
    before(async () => {
      db = await adapter.open();
      await createNotifiedNotes(db);
    });
    after(() => db.close());

    it("hands a write's notifications to this process's listeners before the write resolves, and none of a rolled-back transaction", async () => {
      const { heard, listener } = recorder();
      const listening = db.listen('notes_changed', listener);
      try {
        await eventually(async () => (heard.includes('listening') ? true : undefined));
        await db.query('INSERT INTO notes (id, body) VALUES ($1, $2)', ['a', 'one']);
        assert.deepEqual(heard, ['listening', 'a'], 'an autocommitted write');
        await db.transaction(async (tx) => {
          await tx.query('UPDATE notes SET body = $2 WHERE id = $1', ['a', 'two']);
          await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', ['b', 'one']);
          assert.deepEqual(heard, ['listening', 'a'], 'nothing before the commit');
        });
        assert.deepEqual(heard, ['listening', 'a', 'a', 'b'], 'a committed transaction');
        await assert.rejects(
          db.transaction(async (tx) => {
            await tx.query('INSERT INTO notes (id, body) VALUES ($1, $2)', ['c', 'one']);
            throw new Error('changed my mind');
          }),
        );
        await db.query('UPDATE notes SET body = $2 WHERE id = $1', ['b', 'two']);
        assert.deepEqual(heard, ['listening', 'a', 'a', 'b', 'b'], 'the rolled-back insert of c said nothing');
      } finally {
        await listening.stop();
      }
      await db.query('UPDATE notes SET body = $2 WHERE id = $1', ['a', 'three']);
      assert.equal(heard.at(-1), 'b', 'a stopped listener hears nothing');
    });

    if (adapter.name === 'postgres') {
      it('reports a lost connection at once, keeps writes from waiting on it, and listens again on a new one', async () => {
        const { heard, listener } = recorder();
        const listening = db.listen('notes_changed', listener);
        try {
          await eventually(async () => (heard.includes('listening') ? true : undefined));
          const { rows } = await db.query<{ terminated: boolean }>(
            "SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE application_name = 'listen notes_changed' AND datname = current_database()",
          );
          assert.deepEqual(rows, [{ terminated: true }]);
          await eventually(async () => (heard.includes('lost') ? true : undefined));
          // Not listening: the write resolves without a listener to wait for.
          await db.query('INSERT INTO notes (id, body) VALUES ($1, $2)', ['while-lost', 'one']);
          await eventually(async () => (heard.filter((h) => h === 'listening').length === 2 ? true : undefined), 10_000);
          await db.query('INSERT INTO notes (id, body) VALUES ($1, $2)', ['after', 'one']);
          assert.deepEqual(heard.slice(0, 2), ['listening', 'lost']);
          assert.equal(heard.at(-1), 'after');
        } finally {
          await listening.stop();
        }
      });

      it('twenty writes at once each resolve after their own notification, and the listening connection is asked one query at a time', async () => {
        const { heard, listener } = recorder();
        const listening = db.listen('notes_changed', listener);
        try {
          await eventually(async () => (heard.includes('listening') ? true : undefined));
          const warnings = await busyConnectionWarnings(async () => {
            await Promise.all(
              Array.from({ length: 20 }, async (_, index) => {
                const id = `together-${String(index)}`;
                await db.query('INSERT INTO notes (id, body) VALUES ($1, $2)', [id, 'one']);
                assert.ok(heard.includes(id), `${id} was heard before its write resolved`);
              }),
            );
          });
          assert.deepEqual(warnings, []);
        } finally {
          await listening.stop();
        }
      });
    }

    it('refuses a channel name that is not a plain identifier', () => {
      assert.throws(() => db.listen('notes; DROP TABLE notes', recorder().listener), /not a channel name/);
    });
  });
}
