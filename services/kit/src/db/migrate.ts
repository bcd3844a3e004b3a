import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './database.ts';

export interface MigrationSource {
  /** Prefix that keeps this source's versions apart from others' in the same database. */
  scope: string;
  dir: URL;
}

const migrationFile = /^(\d{3,})_[\w-]+\.sql$/;

/**
 * Applies forward-only SQL migrations (`NNN_name.sql`) in order, each once, inside one
 * transaction under an advisory lock so concurrent replicas do not race.
 */
export async function migrate(db: Database, sources: readonly MigrationSource[]): Promise<string[]> {
  const pending: { version: string; sql: string }[] = [];
  for (const source of sources) {
    const version = (file: string) => Number(migrationFile.exec(file)?.[1]);
    const files = (await readdir(source.dir)).filter((f) => migrationFile.test(f)).sort((a, b) => version(a) - version(b) || a.localeCompare(b));
    for (const file of files) {
      pending.push({ version: `${source.scope}/${file}`, sql: await readFile(new URL(file, source.dir), 'utf8') });
    }
  }
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727274)');
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const appliedNow: string[] = [];
    for (const { version, sql } of pending) {
      if (applied.has(version)) continue;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      appliedNow.push(version);
    }
    return appliedNow;
  });
}
