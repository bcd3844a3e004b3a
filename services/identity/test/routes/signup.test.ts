import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestStack, type TestStack } from '@betterplus/kit/testing';
import type { RunningService } from '@betterplus/kit';
import { identityService } from '../../src/app.ts';

describe('POST /api/signup and GET /api/user', () => {
  let stack: TestStack;
  let identity: RunningService;

  before(async () => {
    stack = await createTestStack();
    identity = await stack.start(identityService);
  });
  after(() => stack.close());

  const signup = (body: unknown) => identity.app.inject({ method: 'POST', url: '/api/signup', payload: body as object });
  const countUsers = async () => (await identity.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]?.n;
  const countOutbox = async () => (await identity.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox')).rows[0]?.n;

  it('creates the user, answers a token and records user registered in the outbox', async () => {
    const response = await signup({ name: '  Asha  Rao ', email: 'Asha@Example.in', password: 'correct horse' });
    assert.equal(response.statusCode, 201);
    const { token } = response.json<{ token: string }>();
    assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.statusCode, 200);
    assert.deepEqual(me.json(), { name: 'Asha Rao', email: 'asha@example.in' });

    const { rows } = await identity.deps.db.query<{ type: string; key: string }>('SELECT type, key FROM outbox');
    assert.deepEqual(rows.map((r) => r.type), ['betterplus.identity.v1.UserRegistered']);
    const stored = await identity.deps.db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    assert.match(stored.rows[0]?.password_hash ?? '', /^\$argon2id\$/);
  });

  it('refuses an email that already has an account, whatever its case, and changes nothing', async () => {
    const [users, events] = [await countUsers(), await countOutbox()];
    const response = await signup({ name: 'Someone', email: 'ASHA@example.in', password: 'another password' });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), { error: 'An account with this email already exists. Please sign in.', code: 'IDENTITY_EMAIL_TAKEN' });
    assert.equal(await countUsers(), users);
    assert.equal(await countOutbox(), events);
  });

  for (const [label, body] of [
    ['a missing name', { email: 'x@example.in', password: 'long enough' }],
    ['a blank name', { name: '   ', email: 'x@example.in', password: 'long enough' }],
    ['a malformed email', { name: 'X', email: 'not-an-email', password: 'long enough' }],
    ['a short password', { name: 'X', email: 'x@example.in', password: 'short' }],
    ['unknown fields', { name: 'X', email: 'x@example.in', password: 'long enough', admin: true }],
  ] as const) {
    it(`answers 400 with a clear error for ${label} and creates nobody`, async () => {
      const users = await countUsers();
      const response = await signup(body);
      assert.equal(response.statusCode, 400);
      const payload = response.json<{ error: string; code: string }>();
      assert.equal(payload.code, 'IDENTITY_VALIDATION');
      assert.match(payload.error, /^Invalid request: /);
      assert.equal(await countUsers(), users);
    });
  }

  it('answers 400 for a body that is not JSON', async () => {
    const response = await identity.app.inject({ method: 'POST', url: '/api/signup', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_INVALID_JSON');
  });

  it('answers 401 to GET /api/user without a token or with a forged one', async () => {
    const missing = await identity.app.inject({ method: 'GET', url: '/api/user' });
    assert.equal(missing.statusCode, 401);
    assert.deepEqual(missing.json(), { error: 'Authentication required', code: 'IDENTITY_UNAUTHORIZED' });
    const forged = await identity.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer abc.def.ghi' } });
    assert.equal(forged.statusCode, 401);
    assert.equal(forged.json<{ code: string }>().code, 'IDENTITY_INVALID_TOKEN');
  });
});
