import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { snapshot, startIdentity, type Identity } from '../support/identity.ts';
import type { TestStack } from '@betterplus/kit/testing';

describe('GET /api/auth/config with Google sign-in configured', () => {
  let stack: TestStack;
  let identity: Identity;
  before(async () => {
    ({ stack, identity } = await startIdentity({ GOOGLE_CLIENT_ID: 'betterplus-web.apps.googleusercontent.com' }));
  });
  after(() => stack.close());

  it('names the client id, so the web shows the Google button', async () => {
    const response = await identity.app.inject({ method: 'GET', url: '/api/auth/config' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { googleClientId: 'betterplus-web.apps.googleusercontent.com' });
  });
});

describe('GET /api/auth/config without Google sign-in', () => {
  let stack: TestStack;
  let identity: Identity;
  before(async () => {
    ({ stack, identity } = await startIdentity());
  });
  after(() => stack.close());

  it('answers a null client id, so the web hides the Google button', async () => {
    const response = await identity.app.inject({ method: 'GET', url: '/api/auth/config' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { googleClientId: null });
  });

  it('and POST /api/auth/google answers 404 with a clear error, changing nothing', async () => {
    const before = await snapshot(identity);
    const response = await identity.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token: 'anything', userInfo: {} } });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { error: 'Google sign-in is not available.', code: 'IDENTITY_GOOGLE_DISABLED' });
    assert.deepEqual(await snapshot(identity), before);
  });
});
