import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestStack, type TestStack } from '@betterplus/kit/testing';
import { createLogger, startService } from '@betterplus/kit';
import { identityService } from '../src/app.ts';
import { latestOtp, openSecretsOf, resetTokenSent, startIdentity, type Identity } from './support/identity.ts';

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

describe('what identity logs', () => {
  it('never the code, the reset token or a password, even at trace level', async () => {
    const lines: string[] = [];
    const logStack = await createTestStack();
    const databaseUrl = await logStack.databaseUrl('identity');
    const logged: Identity = await startService(identityService, {
      env: { ...logStack.env, LOG_LEVEL: 'trace', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      logger: createLogger('identity', 'trace', { write: (line) => lines.push(line) }),
    });
    try {
      openSecretsOf(logged, logStack);
      const post = (url: string, payload: object) => logged.app.inject({ method: 'POST', url, payload });
      const email = 'logged@example.in';
      assert.equal((await post('/api/signup/initiate', { name: 'Logged', email, password: 'logged password' })).statusCode, 200);
      const code = await latestOtp(logged, email);
      assert.equal((await post('/api/signup/verify', { email, otp: '000000' === code ? '111111' : '000000' })).statusCode, 400);
      assert.equal((await post('/api/signup/verify', { email, otp: code })).statusCode, 201);
      assert.equal((await post('/api/reset-password', { email })).statusCode, 200);
      const token = await resetTokenSent(logged, email, 0);
      assert.equal((await post('/api/reset-password/check', { token })).statusCode, 200);
      assert.equal((await post('/api/reset-password/verify', { token, newPassword: 'short' })).statusCode, 400);
      assert.equal((await post('/api/reset-password/verify', { token, newPassword: 'new logged password' })).statusCode, 200);
      assert.equal((await post('/api/reset-password/verify', { token, newPassword: 'new logged password' })).statusCode, 400);
      assert.equal((await post('/api/login', { email, password: 'wrong password' })).statusCode, 401);

      const log = lines.join('');
      assert.ok(log.includes('/api/reset-password/verify'), 'requests were logged');
      for (const secret of [token, 'logged password', 'new logged password']) assert.equal(log.includes(secret), false, `the log holds ${secret}`);
      // The code as a number of its own (timestamps and durations are full of digits).
      assert.doesNotMatch(log, new RegExp(`(?<!\\d)${code}(?!\\d)`), 'the log holds the code');
    } finally {
      await logged.stop();
      await logStack.close();
    }
  });
});
