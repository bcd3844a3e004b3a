import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSecretKeys, generateSigningKeys } from '@betterplus/kit';

/**
 * The embedded stack's token keys: made on first start and kept in the data folder, so sessions
 * survive restarts. Production takes its keys from configuration instead.
 */
export async function embeddedSigningKeys(dataDir: string): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  const dir = join(dataDir, 'keys');
  const privatePath = join(dir, 'jwt-private.pem');
  const publicPath = join(dir, 'jwt-public.pem');
  if (existsSync(privatePath) && existsSync(publicPath)) {
    return { privateKeyPem: await readFile(privatePath, 'utf8'), publicKeyPem: await readFile(publicPath, 'utf8') };
  }
  const keys = await generateSigningKeys();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(privatePath, keys.privateKeyPem, { mode: 0o600 });
  await writeFile(publicPath, keys.publicKeyPem);
  return keys;
}

/**
 * The key pair that seals OTP codes and reset tokens for notifications (identity gets the
 * public half, notifications the private one): made on first start and kept like the token keys.
 */
export async function embeddedSecretKeys(dataDir: string): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  const dir = join(dataDir, 'keys');
  const privatePath = join(dir, 'notifications-private.pem');
  const publicPath = join(dir, 'notifications-public.pem');
  if (existsSync(privatePath) && existsSync(publicPath)) {
    return { privateKeyPem: await readFile(privatePath, 'utf8'), publicKeyPem: await readFile(publicPath, 'utf8') };
  }
  const keys = generateSecretKeys();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(privatePath, keys.privateKeyPem, { mode: 0o600 });
  await writeFile(publicPath, keys.publicKeyPem);
  return keys;
}
