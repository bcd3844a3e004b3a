import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { PasswordResetRequestedEvent, SessionsRevokedEvent, topics } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  backdate,
  bearer,
  count,
  login,
  published,
  registerUser,
  resetTokenOf,
  resetTokenSent,
  snapshot,
  startIdentity,
  userIdOf,
  type Identity,
} from '../support/identity.ts';

let stack: TestStack;
let identity: Identity;

before(async () => {
  ({ stack, identity } = await startIdentity());
});
after(() => stack.close());

const sameAnswer = { message: 'If an account exists for this email, password reset instructions have been sent to it.' };
const requestReset = (email: string) => identity.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email } });
const reset = (token: string, newPassword: string) =>
  identity.app.inject({ method: 'POST', url: '/api/reset-password/verify', payload: { token, newPassword } });
const me = (token: string) => identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

const check = (token: string) => identity.app.inject({ method: 'POST', url: '/api/reset-password/check', payload: { token } });
const resetEmails = async (email: string) => (await published(identity, PasswordResetRequestedEvent)).filter((e) => e.payload.email === email).length;

/** Asks for a reset link for `email` and answers the token its email carries (issued after the answer). */
async function latestResetToken(email: string): Promise<string> {
  const sent = await resetEmails(email);
  const response = await requestReset(email);
  assert.equal(response.statusCode, 200);
  return resetTokenSent(identity, email, sent);
}

/** Fails rather than hangs when `request` waits on what it should not. */
async function unlessStuck<T>(request: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what} waited for the database`));
    }, 5000);
  });
  try {
    return await Promise.race([request, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

describe('POST /api/reset-password', () => {
  const email = 'neha@example.in';

  before(async () => {
    await registerUser(identity, { name: 'Neha', email, password: 'neha password' });
  });

  it('for an account: answers 200, stores only a hash of a 32-byte token valid 30 minutes and emails it sealed through the outbox', async () => {
    const response = await requestReset('Neha@Example.in');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), sameAnswer);

    const token = await resetTokenSent(identity, email, 0);
    const [sent, ...more] = (await published(identity, PasswordResetRequestedEvent)).filter((e) => e.payload.email === email);
    assert.ok(sent);
    assert.equal(more.length, 0);
    const userId = await userIdOf(identity, email);
    assert.equal(sent.topic, topics.identityUser);
    assert.equal(sent.key, userId);
    assert.equal(sent.payload.userId, userId);
    assert.equal(sent.payload.name, 'Neha');
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the plaintext field must stay empty
    assert.equal(sent.payload.token, '', 'the token never travels in plaintext');
    assert.match(token, /^[\w-]{43}$/);
    assert.equal(resetTokenOf(identity, sent), token);

    const { rows } = await identity.deps.db.query<{ token_hash: string; expires_at: Date; used_at: Date | null }>(
      'SELECT token_hash, expires_at, used_at FROM password_reset_tokens WHERE user_id = $1',
      [userId],
    );
    assert.equal(rows.length, 1);
    const [row] = rows;
    assert.ok(row);
    assert.equal(row.token_hash, createHash('sha256').update(token).digest('hex'));
    assert.equal(row.used_at, null);
    const validFor = row.expires_at.getTime() - Date.now();
    assert.ok(validFor > 29 * 60_000 && validFor <= 30 * 60_000, `valid for ${validFor} ms`);
    assert.ok(sent.payload.expiresAt);
    assert.equal(timestampDate(sent.payload.expiresAt).getTime(), row.expires_at.getTime());
  });

  it('for an unknown email: the same answer, and nothing stored or sent', async () => {
    const before = await snapshot(identity);
    const response = await requestReset('ghost@example.in');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), sameAnswer);
    // Links are issued one at a time in request order: once a later one is out, this one's work is done.
    await latestResetToken(email);
    const after = await snapshot(identity);
    assert.deepEqual(
      { ...after, outbox: (after.outbox ?? 0) - 1, password_reset_tokens: (after.password_reset_tokens ?? 0) - 1 },
      before,
      'only the later link',
    );
  });

  it('answers known and unknown emails alike without waiting for the account lookup or the link', async () => {
    const sent = await resetEmails(email);
    const answers = await identity.deps.uow.run(async (tx) => {
      // Holds every query on users (and, on PGlite's one connection, every query) until this ends.
      await tx.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const known = await unlessStuck(requestReset(email), 'the answer for an account');
      const unknown = await unlessStuck(requestReset('nobody-here@example.in'), 'the answer for an unknown email');
      return [known, unknown].map((r) => ({ status: r.statusCode, body: r.json<unknown>() }));
    });
    assert.deepEqual(answers, [
      { status: 200, body: sameAnswer },
      { status: 200, body: sameAnswer },
    ]);
    assert.match(await resetTokenSent(identity, email, sent), /^[\w-]{43}$/, 'the link is issued once the database is free');
  });

  it('answers 400 for a malformed email', async () => {
    const response = await requestReset('neha');
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
  });
});

describe('POST /api/reset-password/verify', () => {
  const email = 'sameer@example.in';
  let session: string;
  let token: string;

  before(async () => {
    session = await registerUser(identity, { name: 'Sameer', email, password: 'old password' });
    token = await latestResetToken(email);
  });

  it('refuses a new password under 8 characters and leaves the token unused', async () => {
    const before = await snapshot(identity);
    const response = await reset(token, 'short');
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
    assert.deepEqual(await snapshot(identity), before);
  });

  it('sets the new password, spends the token and ends every earlier session here and, by event, elsewhere', async () => {
    const userId = await userIdOf(identity, email);
    const started = Date.now();
    const response = await reset(token, 'new password');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { message: 'Password has been reset successfully' });

    assert.equal((await login(identity, email, 'old password')).statusCode, 401);
    const fresh = await login(identity, email, 'new password');
    assert.equal(fresh.statusCode, 200);
    const { rows } = await identity.deps.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
    assert.match(rows[0]?.password_hash ?? '', /^\$argon2id\$/);

    const stale = await me(session);
    assert.equal(stale.statusCode, 401);
    assert.deepEqual(stale.json(), { error: 'Your session has ended. Please sign in again.', code: 'IDENTITY_SESSION_REVOKED' });
    assert.equal((await me(fresh.json<{ token: string }>().token)).statusCode, 200);

    const revoked = (await published(identity, SessionsRevokedEvent)).filter((e) => e.payload.userId === userId);
    assert.equal(revoked.length, 1);
    const [event] = revoked;
    assert.ok(event?.payload.revokedBefore);
    assert.equal(event.key, userId);
    const revokedAt = timestampDate(event.payload.revokedBefore).getTime();
    assert.ok(revokedAt >= started && revokedAt <= Date.now(), 'sessions end at the moment of the reset');
  });

  it('refuses the same token again (400) and changes nothing', async () => {
    const before = await snapshot(identity);
    const response = await reset(token, 'third password');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { error: 'This reset link has already been used. Please request a new one.', code: 'IDENTITY_RESET_TOKEN_USED' });
    assert.deepEqual(await snapshot(identity), before);
    assert.equal((await login(identity, email, 'new password')).statusCode, 200);
  });

  it('refuses an expired token (400) and changes nothing', async () => {
    const late = await latestResetToken(email);
    await backdate(identity, "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND user_id = $1", [
      await userIdOf(identity, email),
    ]);
    const before = await snapshot(identity);
    const response = await reset(late, 'late password');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { error: 'This reset link has expired. Please request a new one.', code: 'IDENTITY_RESET_TOKEN_EXPIRED' });
    assert.deepEqual(await snapshot(identity), before);
    assert.equal((await login(identity, email, 'new password')).statusCode, 200);
  });

  it('refuses an unknown token (400) and changes nothing', async () => {
    const before = await snapshot(identity);
    const response = await reset('bm90LWEtcmVhbC10b2tlbi1ub3QtYS1yZWFsLXRva2Vu', 'forged password');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { error: 'This reset link is not valid. Please request a new one.', code: 'IDENTITY_RESET_TOKEN_INVALID' });
    assert.deepEqual(await snapshot(identity), before);
  });

  it('spends every other link outstanding once one of them resets the password', async () => {
    const first = await latestResetToken(email);
    const second = await latestResetToken(email);
    assert.equal((await reset(second, 'second password')).statusCode, 200);
    const response = await reset(first, 'first password');
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_RESET_TOKEN_USED');
    assert.equal((await login(identity, email, 'second password')).statusCode, 200);
  });

  it('unlocks a locked account', async () => {
    const locked = 'locked@example.in';
    await registerUser(identity, { name: 'Locked', email: locked, password: 'locked password' });
    for (let i = 0; i < 10; i += 1) await login(identity, locked, 'wrong password');
    assert.equal((await login(identity, locked, 'locked password')).statusCode, 429);
    assert.equal((await reset(await latestResetToken(locked), 'unlocked password')).statusCode, 200);
    assert.equal((await login(identity, locked, 'unlocked password')).statusCode, 200);
  });

  it('gives an account without a password (made through Google) one', async () => {
    const googleOnly = 'google-made@example.in';
    await identity.deps.db.query("INSERT INTO users (id, name, email, password_hash, email_verified) VALUES ($1, 'Made', $2, NULL, true)", [
      randomUUID(),
      googleOnly,
    ]);
    assert.equal((await login(identity, googleOnly, 'chosen password')).statusCode, 401);
    const tokens = await count(identity, 'password_reset_tokens');
    const token = await latestResetToken(googleOnly);
    assert.equal(await count(identity, 'password_reset_tokens'), tokens + 1);
    assert.equal((await reset(token, 'chosen password')).statusCode, 200);
    assert.equal((await login(identity, googleOnly, 'chosen password')).statusCode, 200);
  });
});

describe('POST /api/reset-password/check', () => {
  const email = 'tara@example.in';

  before(async () => {
    await registerUser(identity, { name: 'Tara', email, password: 'tara password' });
  });

  it('says a fresh link is valid, and a used, expired or unknown one is not, changing nothing', async () => {
    const token = await latestResetToken(email);
    const before = await snapshot(identity);
    const fresh = await check(token);
    assert.equal(fresh.statusCode, 200);
    assert.deepEqual(fresh.json(), { valid: true });
    assert.deepEqual((await check('bm90LWEtcmVhbC10b2tlbi1ub3QtYS1yZWFsLXRva2Vu')).json(), { valid: false });
    assert.deepEqual(await snapshot(identity), before);

    assert.equal((await reset(token, 'tara new password')).statusCode, 200);
    assert.deepEqual((await check(token)).json(), { valid: false }, 'used');

    const late = await latestResetToken(email);
    await backdate(identity, "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND user_id = $1", [
      await userIdOf(identity, email),
    ]);
    assert.deepEqual((await check(late)).json(), { valid: false }, 'expired');
  });

  for (const [label, body] of [
    ['a missing token', {}],
    ['an empty token', { token: '' }],
    ['unknown fields', { token: 'abc', email: 'tara@example.in' }],
  ] as const) {
    it(`answers 400 for ${label}`, async () => {
      const response = await identity.app.inject({ method: 'POST', url: '/api/reset-password/check', payload: body });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
    });
  }
});

// Meaningful on PostgreSQL (DATABASE_URL), where the calls really overlap.
describe('one reset link used at the same time', () => {
  it('resets once: one 200, the rest told the link was used, no 500', async () => {
    const email = 'double@example.in';
    await registerUser(identity, { name: 'Double', email, password: 'double password' });
    const token = await latestResetToken(email);
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => reset(token, `double password ${i}`)));
    const passed = responses.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    assert.equal(passed.length, 1);
    assert.deepEqual(
      new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json<{ code: string }>().code)),
      new Set(['IDENTITY_RESET_TOKEN_USED']),
    );
    assert.equal((await login(identity, email, `double password ${passed[0] ?? -1}`)).statusCode, 200);
  });
});
