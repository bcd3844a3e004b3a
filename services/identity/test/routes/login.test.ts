import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { backdate, bearer, login, registerUser, snapshot, startIdentity, type Identity } from '../support/identity.ts';

let stack: TestStack;
let identity: Identity;

before(async () => {
  ({ stack, identity } = await startIdentity());
});
after(() => stack.close());

const invalid = { error: 'Invalid email or password.', code: 'IDENTITY_INVALID_CREDENTIALS' };
const lockState = async (email: string) =>
  (await identity.deps.db.query<{ failed_logins: number; locked_until: Date | null }>('SELECT failed_logins, locked_until FROM users WHERE email = $1', [email])).rows[0];

describe('POST /api/login', () => {
  before(async () => {
    await registerUser(identity, { name: 'Priya', email: 'priya@example.in', password: 'priya password' });
  });

  it('answers a token that GET /api/user accepts, whatever the case of the email', async () => {
    const response = await login(identity, 'Priya@Example.IN', 'priya password');
    assert.equal(response.statusCode, 200);
    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(response.json<{ token: string }>().token) });
    assert.deepEqual(me.json(), { name: 'Priya', email: 'priya@example.in' });
  });

  it('gives the same 401 for a wrong password, an unknown email and a Google-only account', async () => {
    await identity.deps.db.query("INSERT INTO users (id, name, email, password_hash, email_verified) VALUES ($1, 'G', 'google-only@example.in', NULL, true)", [randomUUID()]);
    const before = await snapshot(identity);
    for (const [email, password] of [
      ['priya@example.in', 'wrong password'],
      ['nobody@example.in', 'priya password'],
      ['google-only@example.in', 'any password'],
    ] as const) {
      const response = await login(identity, email, password);
      assert.equal(response.statusCode, 401, email);
      assert.deepEqual(response.json(), invalid, email);
    }
    assert.deepEqual(await snapshot(identity), before);
  });

  for (const [label, body] of [
    ['a missing password', { email: 'priya@example.in' }],
    ['an empty password', { email: 'priya@example.in', password: '' }],
    ['a malformed email', { email: 'priya', password: 'priya password' }],
    ['unknown fields', { email: 'priya@example.in', password: 'priya password', remember: true }],
  ] as const) {
    it(`answers 400 for ${label}`, async () => {
      const response = await identity.app.inject({ method: 'POST', url: '/api/login', payload: body });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
    });
  }

  it('a successful sign-in clears the count of failures', async () => {
    const email = 'dev@example.in';
    await registerUser(identity, { name: 'Dev', email, password: 'dev password' });
    for (let i = 0; i < 9; i += 1) assert.equal((await login(identity, email, 'wrong password')).statusCode, 401);
    assert.equal((await lockState(email))?.failed_logins, 9);
    assert.equal((await login(identity, email, 'dev password')).statusCode, 200);
    assert.deepEqual(await lockState(email), { failed_logins: 0, locked_until: null });
    assert.equal((await login(identity, email, 'wrong password')).statusCode, 401, 'the count starts again');
  });
});

describe('account lockout', () => {
  const email = 'arjun@example.in';
  const locked = /^This account is temporarily locked after too many failed sign-in attempts\. Try again in 15 minutes, or reset your password\.$/;

  before(async () => {
    await registerUser(identity, { name: 'Arjun', email, password: 'arjun password' });
  });

  it('locks the account for 15 minutes at the 10th failure in a row', async () => {
    for (let i = 0; i < 9; i += 1) assert.equal((await login(identity, email, 'wrong password')).statusCode, 401);
    const tenth = await login(identity, email, 'wrong password');
    assert.equal(tenth.statusCode, 429);
    assert.equal(tenth.json<{ code: string }>().code, 'IDENTITY_ACCOUNT_LOCKED');
    assert.match(tenth.json<{ error: string }>().error, locked);
    const state = await lockState(email);
    const lockedFor = (state?.locked_until?.getTime() ?? 0) - Date.now();
    assert.ok(lockedFor > 14 * 60_000 && lockedFor <= 15 * 60_000, `locked for ${lockedFor} ms`);
  });

  it('refuses even the right password while locked, and issues no token', async () => {
    const response = await login(identity, email, 'arjun password');
    assert.equal(response.statusCode, 429);
    assert.match(response.json<{ error: string }>().error, locked);
    assert.equal(response.json<{ token?: string }>().token, undefined);
  });

  it('says how long is left in whole minutes', async () => {
    await backdate(identity, "UPDATE users SET locked_until = now() + interval '50 seconds' WHERE email = $1", [email]);
    const response = await login(identity, email, 'arjun password');
    assert.equal(response.statusCode, 429);
    assert.match(response.json<{ error: string }>().error, /Try again in 1 minute, or reset your password\.$/);
  });

  it('lets the right password in once the lock has run out, and a new count begins', async () => {
    await backdate(identity, "UPDATE users SET locked_until = now() - interval '1 second' WHERE email = $1", [email]);
    assert.equal((await login(identity, email, 'wrong password')).statusCode, 401, 'one failure after the lock does not lock again');
    assert.equal((await login(identity, email, 'arjun password')).statusCode, 200);
    assert.deepEqual(await lockState(email), { failed_logins: 0, locked_until: null });
  });
});
