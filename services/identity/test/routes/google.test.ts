import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { SessionsRevokedEvent, UserRegisteredEvent } from '@betterplus/events';
import { hashPassword } from '../../src/domain/passwords.ts';
import { startFakeGoogle, type FakeGoogle } from '../support/google-server.ts';
import {
  bearer,
  count,
  login,
  mintToken,
  published,
  registerUser,
  signupsCounted,
  snapshot,
  startIdentity,
  userIdOf,
  type Identity,
} from '../support/identity.ts';

const clientId = 'betterplus-web.apps.googleusercontent.com';
let google: FakeGoogle;
let stack: TestStack;
let identity: Identity;

before(async () => {
  google = await startFakeGoogle();
  ({ stack, identity } = await startIdentity({
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_TOKENINFO_URL: google.tokenInfoUrl,
    GOOGLE_USERINFO_URL: google.userInfoUrl,
    GOOGLE_TIMEOUT_MS: '300',
  }));
});
after(async () => {
  await stack.close();
  await google.close();
});

const signIn = (token: string, userInfo: object = {}) => identity.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token, userInfo } });
const me = (token: string) => identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const linkedUser = async (sub: string) =>
  (await identity.deps.db.query<{ user_id: string }>('SELECT user_id FROM google_identities WHERE sub = $1', [sub])).rows[0]?.user_id;

describe('POST /api/auth/google', () => {
  it('creates an account from the profile Google gives, ignoring the browser-sent userInfo, and records user registered and the signup', async () => {
    const signups = await signupsCounted(identity, 'google');
    google.issue('token-leela', { aud: clientId, profile: { sub: 'g-leela', email: 'Leela@Gmail.com', email_verified: true, name: 'Leela  Nair' } });
    const response = await signIn('token-leela', { sub: 'forged', email: 'admin@betterplus.in', name: 'Admin' });
    assert.equal(response.statusCode, 200);
    const { token } = response.json<{ token: string }>();
    assert.deepEqual((await me(token)).json(), { name: 'Leela Nair', email: 'leela@gmail.com' });

    const userId = await userIdOf(identity, 'leela@gmail.com');
    assert.equal(await linkedUser('g-leela'), userId);
    const { rows } = await identity.deps.db.query<{ password_hash: string | null; email_verified: boolean }>(
      'SELECT password_hash, email_verified FROM users WHERE id = $1',
      [userId],
    );
    assert.deepEqual(rows[0], { password_hash: null, email_verified: true });
    const registered = (await published(identity, UserRegisteredEvent)).filter((e) => e.payload.userId === userId);
    assert.equal(registered.length, 1);
    assert.equal(registered[0]?.payload.email, 'leela@gmail.com');
    assert.equal(await signupsCounted(identity, 'google'), signups + 1);
  });

  it('signs the same Google account in to the same user next time, creating nothing and counting no signup', async () => {
    const before = await snapshot(identity);
    const signups = await signupsCounted(identity, 'google');
    const response = await signIn('token-leela');
    assert.equal(response.statusCode, 200);
    assert.deepEqual((await me(response.json<{ token: string }>().token)).json(), { name: 'Leela Nair', email: 'leela@gmail.com' });
    assert.deepEqual(await snapshot(identity), before);
    assert.equal(await signupsCounted(identity, 'google'), signups);
  });

  it('gives an account made through Google no password sign-in (the same 401 as a wrong password)', async () => {
    const response = await login(identity, 'leela@gmail.com', 'any password at all');
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { error: 'Invalid email or password.', code: 'IDENTITY_INVALID_CREDENTIALS' });
  });

  it('refuses a token Google did not issue (401) and changes nothing', async () => {
    const before = await snapshot(identity);
    const response = await signIn('forged-token', { sub: 'g-leela', email: 'leela@gmail.com', email_verified: true });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), {
      error: 'Failed to authenticate with Google: the sign-in is invalid or has expired. Please try again.',
      code: 'IDENTITY_GOOGLE_TOKEN_INVALID',
    });
    assert.deepEqual(await snapshot(identity), before);
  });

  it("refuses a valid token issued to another site's client id (401) and changes nothing", async () => {
    google.issue('token-elsewhere', {
      aud: 'another-site.apps.googleusercontent.com',
      profile: { sub: 'g-leela', email: 'leela@gmail.com', email_verified: true, name: 'Leela' },
    });
    const before = await snapshot(identity);
    const response = await signIn('token-elsewhere');
    assert.equal(response.statusCode, 401);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_GOOGLE_TOKEN_INVALID');
    assert.deepEqual(await snapshot(identity), before);
  });

  it('signs a verified Google address in to the existing account with that address and links it', async () => {
    await registerUser(identity, { name: 'Rohan', email: 'rohan@example.in', password: 'rohan password' });
    const userId = await userIdOf(identity, 'rohan@example.in');
    const users = await count(identity, 'users');
    google.issue('token-rohan', { aud: clientId, profile: { sub: 'g-rohan', email: 'rohan@example.in', email_verified: true, name: 'Rohan G' } });
    const response = await signIn('token-rohan');
    assert.equal(response.statusCode, 200);
    assert.deepEqual((await me(response.json<{ token: string }>().token)).json(), { name: 'Rohan', email: 'rohan@example.in' });
    assert.equal(await linkedUser('g-rohan'), userId);
    assert.equal(await count(identity, 'users'), users);
    assert.equal((await login(identity, 'rohan@example.in', 'rohan password')).statusCode, 200, 'the password still works');
  });

  it('never lets an unverified Google address reach an existing account (400), and changes nothing', async () => {
    await registerUser(identity, { name: 'Tara', email: 'tara@example.in', password: 'tara password' });
    google.issue('token-fake-tara', { aud: clientId, profile: { sub: 'g-fake-tara', email: 'tara@example.in', email_verified: false, name: 'Tara' } });
    const before = await snapshot(identity);
    const response = await signIn('token-fake-tara');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      error: 'Failed to authenticate with Google: your Google email address is not verified. Verify it with Google, or sign up with email.',
      code: 'IDENTITY_GOOGLE_EMAIL_UNVERIFIED',
    });
    assert.deepEqual(await snapshot(identity), before);
    assert.equal(await linkedUser('g-fake-tara'), undefined);
  });

  it('makes no account for an unverified Google address either', async () => {
    google.issue('token-unverified', { aud: clientId, profile: { sub: 'g-unverified', email: 'new-unverified@example.in', email_verified: false, name: 'U' } });
    const before = await snapshot(identity);
    assert.equal((await signIn('token-unverified')).statusCode, 400);
    assert.deepEqual(await snapshot(identity), before);
  });

  it('refuses a profile without an email (401)', async () => {
    google.issue('token-no-email', { aud: clientId, profile: { sub: 'g-no-email', name: 'No Email' } });
    const before = await snapshot(identity);
    assert.equal((await signIn('token-no-email')).statusCode, 401);
    assert.deepEqual(await snapshot(identity), before);
  });

  it('lets the proven owner claim an account someone made with their address without proving it (possible before every signup needed a code)', async () => {
    const userId = randomUUID();
    await identity.deps.db.query("INSERT INTO users (id, name, email, password_hash, email_verified) VALUES ($1, 'Squatter', 'owner@example.in', $2, false)", [
      userId,
      await hashPassword('squatter password'),
    ]);
    const squatterSession = await mintToken(stack, userId);
    assert.equal((await login(identity, 'owner@example.in', 'squatter password')).statusCode, 200);
    google.issue('token-owner', { aud: clientId, profile: { sub: 'g-owner', email: 'owner@example.in', email_verified: true, name: 'Owner' } });

    const response = await signIn('token-owner');
    assert.equal(response.statusCode, 200);
    assert.equal((await me(response.json<{ token: string }>().token)).statusCode, 200);
    assert.equal(await linkedUser('g-owner'), userId);
    assert.equal((await login(identity, 'owner@example.in', 'squatter password')).statusCode, 401, 'the unproven password no longer works');
    assert.equal((await me(squatterSession)).statusCode, 401, "the unproven password's sessions are ended");
    assert.equal((await published(identity, SessionsRevokedEvent)).filter((e) => e.payload.userId === userId).length, 1);
  });

  it('answers 502 with a clear error when Google fails or does not answer in time, and changes nothing', async () => {
    google.issue('token-slow', { aud: clientId, profile: { sub: 'g-slow', email: 'slow@example.in', email_verified: true, name: 'Slow' } });
    const before = await snapshot(identity);
    const expected = { error: 'Failed to authenticate with Google: Google could not be reached. Please try again.', code: 'IDENTITY_GOOGLE_UNAVAILABLE' };
    google.failWith = 503;
    try {
      const failed = await signIn('token-slow');
      assert.equal(failed.statusCode, 502);
      assert.deepEqual(failed.json(), expected);
    } finally {
      google.failWith = undefined;
    }
    google.delayMs = 1000;
    try {
      const slow = await signIn('token-slow');
      assert.equal(slow.statusCode, 502);
      assert.deepEqual(slow.json(), expected);
    } finally {
      google.delayMs = 0;
    }
    assert.deepEqual(await snapshot(identity), before);
  });

  for (const [label, body] of [
    ['a missing token', { userInfo: {} }],
    ['an empty token', { token: '' }],
    ['unknown fields', { token: 'token-leela', admin: true }],
  ] as const) {
    it(`answers 400 for ${label}`, async () => {
      const response = await identity.app.inject({ method: 'POST', url: '/api/auth/google', payload: body });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
    });
  }
});

// Concurrency: meaningful on PostgreSQL (DATABASE_URL), where the requests really overlap.
describe('first Google sign-ins at the same time', () => {
  const links = async (sub: string) =>
    (await identity.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM google_identities WHERE sub = $1', [sub])).rows[0]?.n;
  const userOf = async (response: { json(): unknown }) => (await me((response.json() as { token: string }).token)).json<{ email: string }>().email;

  it('for a new account: every one signs in to one account with one link and one UserRegistered, no 500', async () => {
    google.issue('token-rush', { aud: clientId, profile: { sub: 'g-rush', email: 'rush@gmail.com', email_verified: true, name: 'Rush' } });
    const responses = await Promise.all(Array.from({ length: 10 }, () => signIn('token-rush')));
    assert.deepEqual(
      responses.map((r) => r.statusCode),
      Array<number>(10).fill(200),
    );
    assert.deepEqual(new Set(await Promise.all(responses.map(userOf))), new Set(['rush@gmail.com']));
    assert.equal(await links('g-rush'), 1);
    assert.equal(await linkedUser('g-rush'), await userIdOf(identity, 'rush@gmail.com'));
    assert.equal((await published(identity, UserRegisteredEvent)).filter((e) => e.payload.email === 'rush@gmail.com').length, 1);
  });

  it('for an existing account: every one signs in to it, linked once, no 500', async () => {
    await registerUser(identity, { name: 'Existing', email: 'existing-rush@example.in', password: 'existing password' });
    google.issue('token-existing-rush', {
      aud: clientId,
      profile: { sub: 'g-existing-rush', email: 'existing-rush@example.in', email_verified: true, name: 'Existing' },
    });
    const responses = await Promise.all(Array.from({ length: 10 }, () => signIn('token-existing-rush')));
    assert.deepEqual(
      responses.map((r) => r.statusCode),
      Array<number>(10).fill(200),
    );
    assert.equal(await links('g-existing-rush'), 1);
    assert.equal(await linkedUser('g-existing-rush'), await userIdOf(identity, 'existing-rush@example.in'));
  });
});
