import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ConfigError } from '../config/load-config.ts';

/**
 * Secrets an embedded stand-in needs where production reads them from configuration (a local
 * provider's API key, the admin account the embedded stack makes): made on the first start of an
 * install, kept as JSON in `<dataDir>/keys/<name>.json` readable by its owner only, and read back
 * on every later start, so no secret is a constant anyone can read in the source. `made` says
 * whether this start made them. Of two processes starting at once over one folder, the first to
 * write wins and both use its secrets.
 */
export async function keptSecrets<S extends TSchema>(
  dataDir: string,
  name: string,
  schema: S,
  make: () => Static<S>,
): Promise<{ secrets: Static<S>; made: boolean; path: string }> {
  const dir = join(dataDir, 'keys');
  const path = join(dir, `${name}.json`);
  const read = async (): Promise<Static<S>> => {
    const kept: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (!Value.Check(schema, kept)) throw new ConfigError(`${path} does not hold what ${name} needs: delete it, and new secrets are made on the next start`);
    return kept;
  };
  try {
    return { secrets: await read(), made: false, path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets = make();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Written whole under a name of its own, then linked into place: a reader never sees half a
  // file, and the link fails where another process put its file first.
  const draft = `${path}.${randomUUID()}.tmp`;
  await writeFile(draft, JSON.stringify(secrets), { mode: 0o600 });
  try {
    await link(draft, path);
    return { secrets, made: true, path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { secrets: await read(), made: false, path };
  } finally {
    await rm(draft, { force: true });
  }
}
