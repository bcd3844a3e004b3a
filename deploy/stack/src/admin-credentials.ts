import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface AdminSettings {
  ADMIN_USERNAME: string;
  ADMIN_PASSWORD?: string;
  ADMIN_PASSWORD_HASH?: string;
}

/**
 * The admin panel's account on the embedded stack: ADMIN_USERNAME with ADMIN_PASSWORD or
 * ADMIN_PASSWORD_HASH when given; otherwise one made on first start (a random 24-byte
 * password), kept in the data folder and printed that once.
 */
export async function embeddedAdminCredentials(dataDir: string, env: Record<string, string | undefined>, announce: (line: string) => void): Promise<AdminSettings> {
  const { ADMIN_USERNAME, ADMIN_PASSWORD, ADMIN_PASSWORD_HASH } = env;
  if (ADMIN_USERNAME && (ADMIN_PASSWORD || ADMIN_PASSWORD_HASH)) {
    return { ADMIN_USERNAME, ...(ADMIN_PASSWORD ? { ADMIN_PASSWORD } : {}), ...(ADMIN_PASSWORD_HASH ? { ADMIN_PASSWORD_HASH } : {}) };
  }
  const dir = join(dataDir, 'keys');
  const path = join(dir, 'admin-credentials.json');
  if (existsSync(path)) return JSON.parse(await readFile(path, 'utf8')) as AdminSettings;
  const made = { ADMIN_USERNAME: ADMIN_USERNAME ?? 'admin', ADMIN_PASSWORD: randomBytes(24).toString('base64url') };
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(path, JSON.stringify(made), { mode: 0o600 });
  announce(`Admin panel (/vikarapanel): username ${made.ADMIN_USERNAME}, password ${made.ADMIN_PASSWORD} (shown once; kept in ${path})`);
  return made;
}
