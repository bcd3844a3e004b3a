import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm.Argon2id: the package declares a const enum, which isolated modules cannot read.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const argon2id: Algorithm = 2;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> => verify(passwordHash, password).catch(() => false);

let dummyHash: Promise<string> | undefined;

/**
 * Spends what a real check spends for sign-ins with no password to check (unknown
 * email, Google-only account), so the answer time does not tell which emails have accounts.
 */
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}
