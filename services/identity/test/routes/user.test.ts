import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { SessionsRevokedEvent, UserUpdatedEvent } from '@betterplus/events';
import { bearer, login, mintToken, published, registerUser, resetTokenSent, snapshot, startIdentity, userIdOf, type Identity } from '../support/identity.ts';

let stack: TestStack;
let identity: Identity;

before(async () => {
  ({ stack, identity } = await startIdentity());
});
after(() => stack.close());

const me = (token: string) => identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const rename = (token: string | undefined, body: unknown) =>
  identity.app.inject({ method: 'PUT', url: '/api/user', payload: body as object, ...(token ? { headers: bearer(token) } : {}) });
const changePassword = (token: string | undefined, body: unknown) =>
  identity.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: body as object, ...(token ? { headers: bearer(token) } : {}) });

describe('PUT /api/user', () => {
  const email = 'anita@example.in';
  let session: string;

  before(async () => {
    session = await registerUser(identity, { name: 'Anita', email, password: 'anita password' });
  });

  it('changes the name, answers name and email, and records user updated', async () => {
    const response = await rename(session, { name: '  Anita   Desai ' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { name: 'Anita Desai', email });
    assert.deepEqual((await me(session)).json(), { name: 'Anita Desai', email });
    const userId = await userIdOf(identity, email);
    const updates = await published(identity, UserUpdatedEvent);
    assert.deepEqual(
      updates.map((e) => ({ key: e.key, userId: e.payload.userId, name: e.payload.name, email: e.payload.email })),
      [{ key: userId, userId, name: 'Anita Desai', email }],
    );
  });

  for (const [label, body] of [
    ['an email (read-only)', { name: 'Anita', email: 'other@example.in' }],
    ['a blank name', { name: '   ' }],
    ['a missing name', {}],
    ['a name over 100 characters', { name: 'a'.repeat(101) }],
  ] as const) {
    it(`refuses ${label} with 400 and changes nothing`, async () => {
      const before = await snapshot(identity);
      const response = await rename(session, body);
      assert.equal(response.statusCode, 400);
      assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
      assert.deepEqual(await snapshot(identity), before);
      assert.deepEqual((await me(session)).json(), { name: 'Anita Desai', email });
    });
  }

  it('answers 401 without a session and changes nothing', async () => {
    const before = await snapshot(identity);
    const response = await rename(undefined, { name: 'Intruder' });
    assert.equal(response.statusCode, 401);
    assert.equal(response.json<{ error: string }>().error, 'Authentication required');
    assert.deepEqual(await snapshot(identity), before);
  });

  it('answers 401 for a valid token of an account that no longer exists', async () => {
    const response = await rename(await mintToken(stack, randomUUID()), { name: 'Ghost' });
    assert.equal(response.statusCode, 401);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_INVALID_TOKEN');
    assert.equal((await published(identity, UserUpdatedEvent)).length, 1);
  });
});

describe('PUT /api/user/change-password', () => {
  const email = 'vikram@example.in';
  let session: string;
  let otherSession: string;

  before(async () => {
    session = await registerUser(identity, { name: 'Vikram', email, password: 'first password' });
    otherSession = (await login(identity, email, 'first password')).json<{ token: string }>().token;
  });

  it('refuses a wrong current password with 400 (not 401, which would sign the web user out) and changes nothing', async () => {
    const before = await snapshot(identity);
    const response = await changePassword(session, { currentPassword: 'not my password', newPassword: 'second password' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { error: 'Your current password is incorrect.', code: 'IDENTITY_WRONG_PASSWORD' });
    assert.deepEqual(await snapshot(identity), before);
    assert.equal((await me(session)).statusCode, 200);
    assert.equal((await login(identity, email, 'first password')).statusCode, 200);
  });

  for (const [label, body] of [
    ['a new password under 8 characters', { currentPassword: 'first password', newPassword: 'short' }],
    ['a new password over 128 characters', { currentPassword: 'first password', newPassword: 'p'.repeat(129) }],
    ['a missing current password', { newPassword: 'second password' }],
  ] as const) {
    it(`refuses ${label} with 400 and changes nothing`, async () => {
      const before = await snapshot(identity);
      const response = await changePassword(session, body);
      assert.equal(response.statusCode, 400);
      assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
      assert.deepEqual(await snapshot(identity), before);
    });
  }

  it('answers 401 without a session', async () => {
    const response = await changePassword(undefined, { currentPassword: 'first password', newPassword: 'second password' });
    assert.equal(response.statusCode, 401);
  });

  it('sets the new password, answers a fresh token and ends every earlier session', async () => {
    const userId = await userIdOf(identity, email);
    const response = await changePassword(session, { currentPassword: 'first password', newPassword: 'second password' });
    assert.equal(response.statusCode, 200);
    const { token } = response.json<{ token: string }>();
    assert.equal((await me(token)).statusCode, 200, 'this session carries on with the fresh token');
    for (const stale of [session, otherSession]) {
      const refused = await me(stale);
      assert.equal(refused.statusCode, 401);
      assert.equal(refused.json<{ code: string }>().code, 'IDENTITY_SESSION_REVOKED');
    }
    assert.equal((await login(identity, email, 'first password')).statusCode, 401);
    assert.equal((await login(identity, email, 'second password')).statusCode, 200);
    const revoked = (await published(identity, SessionsRevokedEvent)).filter((e) => e.payload.userId === userId);
    assert.equal(revoked.length, 1);
    assert.equal(revoked[0]?.key, userId);
  });

  it('tells an account without a password (made through Google) how to get one', async () => {
    const userId = randomUUID();
    await identity.deps.db.query("INSERT INTO users (id, name, email, password_hash, email_verified) VALUES ($1, 'G', 'g-user@example.in', NULL, true)", [
      userId,
    ]);
    const before = await snapshot(identity);
    const response = await changePassword(await mintToken(stack, userId), { currentPassword: 'anything at all', newPassword: 'second password' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      error: "Your account signs in with Google and has no password yet. Use 'Forgot your password' on the sign-in page to set one.",
      code: 'IDENTITY_NO_PASSWORD',
    });
    assert.deepEqual(await snapshot(identity), before);
  });
});

describe('PUT /api/user/change-password, against reset links and itself', () => {
  const change = (token: string, currentPassword: string, newPassword: string) =>
    identity.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: { currentPassword, newPassword }, headers: bearer(token) });

  it('ends every reset link sent before the change', async () => {
    const email = 'links@example.in';
    const session = await registerUser(identity, { name: 'Links', email, password: 'links password' });
    assert.equal((await identity.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email } })).statusCode, 200);
    const token = await resetTokenSent(identity, email, 0);
    assert.equal((await change(session, 'links password', 'changed password')).statusCode, 200);
    const reset = await identity.app.inject({ method: 'POST', url: '/api/reset-password/verify', payload: { token, newPassword: 'from the old link' } });
    assert.equal(reset.statusCode, 400);
    assert.equal(reset.json<{ code: string }>().code, 'IDENTITY_RESET_TOKEN_USED');
    assert.equal((await login(identity, email, 'changed password')).statusCode, 200);
  });

  // Meaningful on PostgreSQL (DATABASE_URL), where the calls really overlap.
  it('of 20 changes at once with the same current password, exactly one passes the check', async () => {
    const email = 'racer@example.in';
    const session = await registerUser(identity, { name: 'Racer', email, password: 'racer password' });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => change(session, 'racer password', `racer password ${i}`)));
    const passed = responses.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    assert.equal(passed.length, 1, `${passed.length} calls passed the check`);
    assert.deepEqual(new Set(responses.filter((r) => r.statusCode !== 200).map((r) => r.json<{ code: string }>().code)), new Set(['IDENTITY_WRONG_PASSWORD']));
    assert.equal((await login(identity, email, `racer password ${passed[0] ?? -1}`)).statusCode, 200);
    assert.equal((await login(identity, email, 'racer password')).statusCode, 401);
  });
});
