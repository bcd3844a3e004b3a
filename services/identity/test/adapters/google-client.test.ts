import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError, createLogger } from '@betterplus/kit';
import { createGoogleClient } from '../../src/adapters/google-client.ts';
import { startFakeGoogle, type FakeGoogle } from '../support/google-server.ts';

let google: FakeGoogle;
let client: ReturnType<typeof createGoogleClient>;

before(async () => {
  google = await startFakeGoogle();
  google.issue('good-token', { aud: 'client-1', profile: { sub: 's1', email: 'a@gmail.com', email_verified: true, name: 'A' } });
  client = createGoogleClient({
    tokenInfoUrl: google.tokenInfoUrl,
    userInfoUrl: google.userInfoUrl,
    timeoutMs: 300,
    logger: createLogger('identity-test', 'silent'),
  });
});
after(() => google.close());

const isUnavailable = (error: unknown) => error instanceof AppError && error.statusCode === 502 && error.code === 'GOOGLE_UNAVAILABLE';

describe('Google client', () => {
  it('asks token-info with the token as access_token and userinfo with it as a bearer', async () => {
    assert.deepEqual(await client.tokenInfo('good-token'), {
      azp: 'client-1',
      aud: 'client-1',
      sub: 's1',
      scope: 'openid email profile',
      expires_in: '3599',
      access_type: 'online',
    });
    assert.deepEqual(await client.userInfo('good-token'), { sub: 's1', email: 'a@gmail.com', email_verified: true, name: 'A' });
  });

  it('answers undefined when Google refuses the token (4xx)', async () => {
    assert.equal(await client.tokenInfo('forged'), undefined);
    assert.equal(await client.userInfo('forged'), undefined);
  });

  it('fails with 502 when Google answers 5xx', async () => {
    google.failWith = 500;
    try {
      await assert.rejects(client.tokenInfo('good-token'), isUnavailable);
    } finally {
      google.failWith = undefined;
    }
  });

  it('fails with 502 when Google does not answer in time', async () => {
    google.delayMs = 1000;
    try {
      await assert.rejects(client.userInfo('good-token'), isUnavailable);
    } finally {
      google.delayMs = 0;
    }
  });

  it('fails with 502 when nothing listens', async () => {
    const nowhere = createGoogleClient({
      tokenInfoUrl: 'http://127.0.0.1:9/tokeninfo',
      userInfoUrl: 'http://127.0.0.1:9/userinfo',
      timeoutMs: 300,
      logger: createLogger('identity-test', 'silent'),
    });
    await assert.rejects(nowhere.tokenInfo('good-token'), isUnavailable);
  });
});
