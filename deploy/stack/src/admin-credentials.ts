import { randomBytes } from 'node:crypto';
import { Type, keptSecrets } from '@betterplus/kit';

export interface AdminSettings {
  ADMIN_USERNAME: string;
  ADMIN_PASSWORD?: string;
  ADMIN_PASSWORD_HASH?: string;
}

const MadeAccount = Type.Object({ ADMIN_USERNAME: Type.String({ minLength: 1 }), ADMIN_PASSWORD: Type.String({ minLength: 1 }) });

/**
 * The admin panel's account on the embedded stack: ADMIN_USERNAME with ADMIN_PASSWORD or
 * ADMIN_PASSWORD_HASH when given; otherwise one made on first start (a random 24-byte
 * password), kept in the data folder and printed that once.
 */
export async function embeddedAdminCredentials(
  dataDir: string,
  env: Record<string, string | undefined>,
  announce: (line: string) => void,
): Promise<AdminSettings> {
  const { ADMIN_USERNAME, ADMIN_PASSWORD, ADMIN_PASSWORD_HASH } = env;
  if (ADMIN_USERNAME && (ADMIN_PASSWORD || ADMIN_PASSWORD_HASH)) {
    return { ADMIN_USERNAME, ...(ADMIN_PASSWORD ? { ADMIN_PASSWORD } : {}), ...(ADMIN_PASSWORD_HASH ? { ADMIN_PASSWORD_HASH } : {}) };
  }
  const kept = await keptSecrets(dataDir, 'admin-credentials', MadeAccount, () => ({
    ADMIN_USERNAME: ADMIN_USERNAME ?? 'admin',
    ADMIN_PASSWORD: randomBytes(24).toString('base64url'),
  }));
  const made = kept.secrets;
  if (kept.made) announce(`Admin panel (/vikarapanel): username ${made.ADMIN_USERNAME}, password ${made.ADMIN_PASSWORD} (shown once; kept in ${kept.path})`);
  return made;
}
