// Helpers shared by identity's tests: a stack with identity on it, and readers for what a test
// asserts on (row counts, events in the outbox, the code an OTP email would carry).
import assert from 'node:assert/strict';
import { createSecretOpener, createTokenSigner, sealedSecretContext, type OpenSecret, type RunningService } from '@betterplus/kit';
import { createTestStack, eventually, published, type PublishedEvent, type TestStack } from '@betterplus/kit/testing';
export { published } from '@betterplus/kit/testing';
import { OtpRequestedEvent, PasswordResetRequestedEvent } from '@betterplus/events';
import { identityService } from '../../src/app.ts';
import type { IdentityConfig } from '../../src/config.ts';

export type Identity = RunningService<IdentityConfig>;

/**
 * Rate limits are high by default so tests of other rules are not cut short by them; the
 * rate-limit tests lower them.
 */
export async function startIdentity(env: Record<string, string> = {}): Promise<{ stack: TestStack; identity: Identity }> {
  const stack = await createTestStack();
  const identity = await stack.start(identityService, { AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000', ...env });
  openSecretsOf(identity, stack);
  return { stack, identity };
}

/** Lets the readers below open what `identity` sealed, with the private key of its stack. */
export function openSecretsOf(identity: Identity, stack: TestStack): void {
  openers.set(identity, createSecretOpener(stack.env.NOTIFICATIONS_PRIVATE_KEY ?? ''));
}

/** Notifications' side of each identity under test: opens what identity sealed for it. */
const openers = new WeakMap<Identity, OpenSecret>();

function openerOf(identity: Identity): OpenSecret {
  const open = openers.get(identity);
  assert.ok(open, 'identity was not started by startIdentity');
  return open;
}

export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

export async function count(identity: Identity, table: string): Promise<number> {
  const { rows } = await identity.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? 0;
}

/** Rows of the tables a refused request must leave alone, to compare before and after. */
export async function snapshot(identity: Identity): Promise<Record<string, number>> {
  const tables = ['users', 'outbox', 'signup_challenges', 'password_reset_tokens', 'google_identities', 'session_revocations'];
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(identity, t)] as const)));
}

/** The code an OTP event carries, opened with notifications' private key as notifications would. */
export function otpOf(identity: Identity, event: PublishedEvent<typeof OtpRequestedEvent.schema>): string {
  return openerOf(identity)(event.payload.sealedCode, sealedSecretContext(OtpRequestedEvent.schema.typeName, event.payload.email));
}

/** The token a reset event carries, opened the same way. */
export function resetTokenOf(identity: Identity, event: PublishedEvent<typeof PasswordResetRequestedEvent.schema>): string {
  return openerOf(identity)(event.payload.sealedToken, sealedSecretContext(PasswordResetRequestedEvent.schema.typeName, event.payload.email));
}

/** The code the latest OTP email to `email` carries. */
export async function latestOtp(identity: Identity, email: string): Promise<string> {
  const sent = (await published(identity, OtpRequestedEvent)).filter((e) => e.payload.email === email).at(-1);
  assert.ok(sent, `no OTP was sent to ${email}`);
  return otpOf(identity, sent);
}

/** The token of the `index`th reset email to `email` (from 0), as the link carries it; waits for it, since it is issued after the answer. */
export async function resetTokenSent(identity: Identity, email: string, index: number): Promise<string> {
  const sent = await eventually(async () => (await published(identity, PasswordResetRequestedEvent)).filter((e) => e.payload.email === email).at(index));
  return resetTokenOf(identity, sent);
}

/** An account made through the OTP signup, as the web makes it; answers its session token. */
export async function registerUser(identity: Identity, user: { name: string; email: string; password: string }, remoteAddress = '127.0.0.1'): Promise<string> {
  const initiated = await identity.app.inject({ method: 'POST', url: '/api/signup/initiate', payload: user, remoteAddress });
  assert.equal(initiated.statusCode, 200, initiated.body);
  const otp = await latestOtp(identity, user.email);
  const verified = await identity.app.inject({ method: 'POST', url: '/api/signup/verify', payload: { email: user.email, otp }, remoteAddress });
  assert.equal(verified.statusCode, 201, verified.body);
  return verified.json<{ token: string }>().token;
}

export async function login(identity: Identity, email: string, password: string, remoteAddress?: string) {
  return identity.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** A session token for `userId` as identity would sign it now (for accounts made in SQL). */
export async function mintToken(stack: TestStack, userId: string): Promise<string> {
  const signer = await createTokenSigner(stack.keys.privateKeyPem, 'betterplus-identity', 3600);
  return signer.sign(userId);
}

export async function userIdOf(identity: Identity, email: string): Promise<string> {
  const { rows } = await identity.deps.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  assert.ok(rows[0], `no user ${email}`);
  return rows[0].id;
}

/** Moves a timestamp column into the past, as if time had passed. */
export async function backdate(identity: Identity, sql: string, params: unknown[]): Promise<void> {
  const result = await identity.deps.db.query(sql, params);
  assert.ok(result.rowCount > 0, `nothing backdated by: ${sql}`);
}

/** What identity's /metrics counts in signups_total for `method`. */
export async function signupsCounted(identity: Identity, method: 'email' | 'google'): Promise<number> {
  const metric = await identity.deps.metrics.registry.getSingleMetric('signups_total')?.get();
  return metric?.values.find((v) => v.labels.method === method)?.value ?? 0;
}
