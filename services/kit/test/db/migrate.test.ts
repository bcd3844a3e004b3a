import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { migrate, type Database } from '../../src/index.ts';
import { createTestStack, environmentDatabase, type TestStack } from '../support.ts';

const stack: TestStack = await createTestStack();
const dirs: string[] = [];
after(async () => {
  await stack.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A folder of migration files, as a URL like the ones services pass. */
async function migrations(files: Record<string, string>): Promise<URL> {
  const dir = await mkdtemp(join(tmpdir(), 'kit-migrations-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) await writeFile(join(dir, name), sql);
  return pathToFileURL(`${dir}/`);
}

const tableExists = async (db: Database, table: string): Promise<boolean> =>
  (await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table])).rows[0]?.t !== null;

/** Versions recorded for these scopes; the tests share one database, each with scopes of its own. */
async function appliedVersions(db: Database, ...scopes: string[]): Promise<string[]> {
  if (!(await tableExists(db, 'schema_migrations'))) return [];
  const { rows } = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
  return rows.map((r) => r.version).filter((version) => scopes.some((scope) => version.startsWith(`${scope}/`)));
}

describe(`migrate on ${environmentDatabase(stack).name}`, () => {
  let db: Database;
  before(async () => {
    db = await environmentDatabase(stack).open();
  });
  after(() => db.close());

  it('applies pending files in version order, each once, ignoring other files', async () => {
    const dir = await migrations({
      // 002 only works after 001: the order matters, whatever order the folder lists them in.
      '002_add_email.sql': 'ALTER TABLE people ADD COLUMN email text;',
      '001_people.sql': 'CREATE TABLE people (id int PRIMARY KEY); CREATE INDEX people_id ON people (id);',
      'README.md': 'not a migration',
      '3_too_short.sql': 'SELECT broken syntax here',
    });
    assert.deepEqual(await migrate(db, [{ scope: 'crm', dir }]), ['crm/001_people.sql', 'crm/002_add_email.sql']);
    await db.query('INSERT INTO people (id, email) VALUES (1, $1)', ['a@example.in']);

    assert.deepEqual(await migrate(db, [{ scope: 'crm', dir }]), []);
    assert.deepEqual(await appliedVersions(db, 'crm'), ['crm/001_people.sql', 'crm/002_add_email.sql']);
  });

  it('keeps the versions of each scope apart', async () => {
    const kit = await migrations({ '001_init.sql': 'CREATE TABLE kit_things (id int);' });
    const service = await migrations({ '001_init.sql': 'CREATE TABLE service_things (id int);' });
    assert.deepEqual(await migrate(db, [{ scope: 'kit', dir: kit }]), ['kit/001_init.sql']);
    assert.deepEqual(
      await migrate(db, [
        { scope: 'kit', dir: kit },
        { scope: 'billing', dir: service },
      ]),
      ['billing/001_init.sql'],
    );
    assert.deepEqual(await appliedVersions(db, 'kit', 'billing'), ['billing/001_init.sql', 'kit/001_init.sql']);
    assert.ok((await tableExists(db, 'kit_things')) && (await tableExists(db, 'service_things')));
  });

  it('rolls back the whole run when one migration fails, and applies it all once fixed', async () => {
    const good = { '001_orders.sql': 'CREATE TABLE orders (id int);', '002_items.sql': 'CREATE TABLE items (id int);' };
    const broken = await migrations({ ...good, '003_bad.sql': 'ALTER TABLE no_such_table ADD COLUMN x int;' });
    await assert.rejects(migrate(db, [{ scope: 'shop', dir: broken }]), /no_such_table/);
    assert.equal(await tableExists(db, 'orders'), false);
    assert.equal(await tableExists(db, 'items'), false);
    assert.deepEqual(await appliedVersions(db, 'shop'), []);

    const fixed = await migrations({ ...good, '003_bad.sql': 'ALTER TABLE items ADD COLUMN x int;' });
    assert.deepEqual(await migrate(db, [{ scope: 'shop', dir: fixed }]), ['shop/001_orders.sql', 'shop/002_items.sql', 'shop/003_bad.sql']);
  });

  it('orders versions numerically once they outgrow three digits', async () => {
    const dir = await migrations({ '999_create.sql': 'CREATE TABLE late (id int);', '1000_alter.sql': 'ALTER TABLE late ADD COLUMN x int;' });
    assert.deepEqual(await migrate(db, [{ scope: 'big', dir }]), ['big/999_create.sql', 'big/1000_alter.sql']);
  });
});
