import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  basicAuthGuard,
  bearerGuard,
  createLogger,
  createMetrics,
  createServiceApp,
  createTokenSigner,
  createTokenVerifier,
  currentUser,
  generateSigningKeys,
  safeEqual,
  type ServiceApp,
  type TokenVerifier,
} from '../../src/index.ts';

const issuer = 'betterplus-identity';
const keys = await generateSigningKeys();
const signer = await createTokenSigner(keys.privateKeyPem, issuer, 600);
const verifier: TokenVerifier = await createTokenVerifier(keys.publicKeyPem, issuer);

describe('guards through the service app', () => {
  let app: ServiceApp;
  const admin = { username: 'ops', password: 'correct:horse' };

  before(async () => {
    app = await createServiceApp({ service: 'demo', logger: createLogger('demo', 'silent'), metrics: createMetrics('demo'), bodyLimit: 2048, readiness: [] });
    app.get('/me', { preHandler: bearerGuard(verifier) }, async (request) => currentUser(request));
    app.get('/admin', { preHandler: basicAuthGuard({ username: admin.username, verifyPassword: async (p) => safeEqual(p, admin.password) }) }, async () => ({
      ok: true,
    }));
    await app.ready();
  });
  after(() => app.close());

  const get = (url: string, authorization?: string) => app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });
  const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

  it('admits a valid bearer token and exposes its user', async () => {
    const response = await get('/me', `Bearer ${await signer.sign('user-7')}`);
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<{ userId: string }>().userId, 'user-7');
  });

  it('answers 401 JSON to a missing, malformed or invalid bearer token', async () => {
    const required = { error: 'Authentication required', code: 'DEMO_UNAUTHORIZED' };
    for (const header of [undefined, 'Bearer', 'Token abc', `Basic ${Buffer.from('a:b').toString('base64')}`]) {
      const response = await get('/me', header);
      assert.equal(response.statusCode, 401, String(header));
      assert.deepEqual(response.json(), required, String(header));
    }
    const expired = await (await createTokenSigner(keys.privateKeyPem, issuer, -60)).sign('user-7');
    for (const token of ['not.a.token', expired]) {
      const response = await get('/me', `Bearer ${token}`);
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), { error: 'Your session has expired. Please sign in again.', code: 'DEMO_INVALID_TOKEN' });
    }
  });

  it('admits the right basic credentials, a colon in the password included', async () => {
    const response = await get('/admin', basic(`${admin.username}:${admin.password}`));
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { ok: true });
  });

  it("refuses a wrong username or password and a malformed header with 401 'Invalid credentials'", async () => {
    for (const header of [
      basic(`root:${admin.password}`),
      basic(`${admin.username}:wrong`),
      basic(`no-colon-at-all`),
      'Basic !!!',
      `Bearer ${await signer.sign('user-7')}`,
      undefined,
    ]) {
      const response = await get('/admin', header);
      assert.equal(response.statusCode, 401, String(header));
      assert.deepEqual(response.json(), { error: 'Invalid credentials', code: 'DEMO_INVALID_CREDENTIALS' }, String(header));
    }
  });
});
