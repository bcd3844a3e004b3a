import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { startIdentity, type Identity } from './support/identity.ts';

let stack: TestStack;
let identity: Identity;

before(async () => {
  ({ stack, identity } = await startIdentity({ GOOGLE_CLIENT_ID: 'betterplus-web.apps.googleusercontent.com' }));
});
after(() => stack.close());

describe('identity service', () => {
  it('documents every account call of the spec, and the signing key, in /openapi.json', async () => {
    const response = await identity.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const routes = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    assert.deepEqual(routes.sort(), [
      'GET /.well-known/jwks.json',
      'GET /api/auth/config',
      'GET /api/user',
      'POST /api/auth/google',
      'POST /api/login',
      'POST /api/reset-password',
      'POST /api/reset-password/check',
      'POST /api/reset-password/verify',
      'POST /api/signup',
      'POST /api/signup/initiate',
      'POST /api/signup/resend-otp',
      'POST /api/signup/verify',
      'PUT /api/user',
      'PUT /api/user/change-password',
    ]);
    const secured = (method: string, path: string) => (paths[path]?.[method] as { security?: unknown } | undefined)?.security;
    assert.deepEqual(secured('get', '/api/user'), [{ bearer: [] }], 'signed-in routes require the bearer token');
    assert.deepEqual(secured('put', '/api/user/change-password'), [{ bearer: [] }]);
    assert.equal(secured('post', '/api/login'), undefined, 'public routes do not');
  });
});
