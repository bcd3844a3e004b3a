import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createNotifiedCache, type Database, type NotifiedCacheRead } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { createNotifiedNotes, createTestStack, databaseAdapters, type TestStack } from '../support.ts';

const stack: TestStack = await createTestStack();
after(() => stack.close());

interface Note {
  id: string;
  body: string;
}

for (const adapter of databaseAdapters(stack)) {
  describe(`a notified cache on ${adapter.name}`, () => {
    let db: Database;
    before(async () => {
      db = await adapter.open();
      await createNotifiedNotes(db);
    });
    after(() => db.close());

    /** A cache of notes, with every read's outcome and every load it made. */
    async function notesCache() {
      const reads: NotifiedCacheRead[] = [];
      let loads = 0;
      const cache = createNotifiedCache<Note>(db, 'notes_changed', { onRead: (read) => reads.push(read) });
      const find = async (id: string) => {
        loads += 1;
        return (await db.query<Note>('SELECT id, body FROM notes WHERE id = $1', [id])).rows[0];
      };
      const get = (id: string, load = () => find(id)) => cache.get(id, load);
      // Listening once a read is kept (the first ones may come before the LISTEN is answered).
      await db.query("INSERT INTO notes (id, body) VALUES ('probe', 'p') ON CONFLICT (id) DO NOTHING");
      await eventually(async () => {
        await get('probe');
        return reads.at(-1) === 'hit' ? true : undefined;
      });
      reads.length = 0;
      loads = 0;
      return { cache, get, find, reads, loads: () => loads };
    }
    const write = (id: string, body: string) =>
      db.query('INSERT INTO notes (id, body) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET body = excluded.body', [id, body]);

    it('reads a row once, then from memory until a write to it commits', async () => {
      const { cache, get, reads, loads } = await notesCache();
      try {
        await write('a', 'one');
        await write('b', 'one');
        assert.deepEqual(await get('a'), { id: 'a', body: 'one' });
        assert.deepEqual(await get('a'), { id: 'a', body: 'one' });
        await get('b');
        assert.deepEqual([reads, loads()], [['miss', 'hit', 'miss'], 2]);
        await db.transaction(async (tx) => {
          await tx.query('UPDATE notes SET body = $2 WHERE id = $1', ['a', 'two']);
          assert.equal((await get('a'))?.body, 'one', 'not changed before the commit');
        });
        assert.equal((await get('a'))?.body, 'two', 'changed once committed');
        assert.equal((await get('b'))?.body, 'one');
        assert.deepEqual(reads.slice(3), ['hit', 'miss', 'hit']);
        assert.equal(await get('missing'), undefined);
        assert.equal(await get('missing'), undefined);
        assert.deepEqual(reads.slice(-2), ['miss', 'miss'], 'an absent row is not kept');
      } finally {
        await cache.stop();
      }
    });

    it('returns but does not keep what a read found while a change to it was notified', async () => {
      const { cache, get, find, reads } = await notesCache();
      try {
        await write('c', 'old');
        let release = () => {};
        const gate = new Promise<void>((resolve) => (release = resolve));
        const slow = get('c', async () => {
          const found = await find('c');
          await gate;
          return found;
        });
        await write('c', 'new');
        release();
        assert.equal((await slow)?.body, 'old', 'what the read found');
        assert.equal((await get('c'))?.body, 'new', 'read again, not from memory');
        assert.deepEqual(reads, ['miss', 'miss']);
      } finally {
        await cache.stop();
      }
    });

    it('ends with every row as the database holds it after twenty writers and readers at once', async () => {
      const { cache, get } = await notesCache();
      try {
        await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const id = `n${String(i % 4)}`;
            await get(id);
            await write(id, `v${String(i)}`);
            await get(id);
          }),
        );
        for (const id of ['n0', 'n1', 'n2', 'n3']) {
          const { rows } = await db.query<Note>('SELECT id, body FROM notes WHERE id = $1', [id]);
          assert.deepEqual(await get(id), rows[0]);
        }
      } finally {
        await cache.stop();
      }
    });

    if (adapter.name === 'postgres') {
      it("drops a row another replica changed as soon as that change's notification arrives", async () => {
        const { cache, get, reads } = await notesCache();
        const url = new URL(process.env.DATABASE_URL ?? '');
        url.pathname = `/${(await db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]?.name ?? ''}`;
        const replica = new pg.Client({ connectionString: url.toString() });
        await replica.connect();
        try {
          await write('e', 'one');
          await get('e');
          await get('e');
          assert.deepEqual(reads, ['miss', 'hit'], 'from memory before the change');
          await replica.query("UPDATE notes SET body = 'two' WHERE id = 'e'");
          await eventually(async () => ((await get('e'))?.body === 'two' ? true : undefined), 5000);
        } finally {
          await replica.end();
          await cache.stop();
        }
      });

      it('serves nothing from memory while its listening connection is lost, and caches again once it listens again', async () => {
        const { cache, get, reads } = await notesCache();
        try {
          await write('d', 'one');
          await get('d');
          await get('d');
          await db.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'listen notes_changed' AND datname = current_database()",
          );
          await eventually(async () => {
            await get('d');
            return reads.at(-1) === 'bypass' ? true : undefined;
          });
          await get('d');
          assert.equal(reads.at(-1), 'bypass', 'not kept either');
          await eventually(async () => {
            await get('d');
            return reads.at(-1) === 'hit' ? true : undefined;
          }, 10_000);
          assert.deepEqual(reads.slice(0, 2), ['miss', 'hit']);
        } finally {
          await cache.stop();
        }
      });
    }
  });
}
