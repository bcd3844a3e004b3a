import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { bearer, login, registerUser, resetTokenSent, snapshot, startIdentity, type Identity } from '../support/identity.ts';

// Limits lowered to 3 per account and 5 per address; each test comes from its own address.
let stack: TestStack;
let identity: Identity;
let omarSession: string;

before(async () => {
  ({ stack, identity } = await startIdentity({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3', AUTH_RATE_LIMIT_PER_IP: '5' }));
  await registerUser(identity, { name: 'Zoya', email: 'zoya@example.in', password: 'zoya password' }, '10.0.0.1');
  await registerUser(identity, { name: 'Yash', email: 'yash@example.in', password: 'yash password' }, '10.0.0.2');
  omarSession = await registerUser(identity, { name: 'Omar', email: 'omar@example.in', password: 'omar password' }, '10.0.0.3');
});
after(() => stack.close());

const limited = { error: 'Too many attempts. Please wait a few minutes and try again.', code: 'IDENTITY_RATE_LIMITED' };
const post = (url: string, payload: object, remoteAddress: string) => identity.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('rate limits (429) on sign-in, signup and reset requests', () => {
  it('sign-in: not per email, so guesses from elsewhere do not keep the owner out (the lockout counts per email and address)', async () => {
    for (let i = 0; i < 4; i += 1) assert.equal((await login(identity, 'zoya@example.in', 'wrong password', '10.0.1.1')).statusCode, 401);
    assert.equal((await login(identity, 'Zoya@example.in', 'zoya password', '10.0.1.2')).statusCode, 200);
  });

  it('sign-in: per address, across emails', async () => {
    for (let i = 0; i < 5; i += 1) assert.equal((await login(identity, `someone${i}@example.in`, 'some password', '10.0.2.1')).statusCode, 401);
    const refused = await login(identity, 'someone-else@example.in', 'some password', '10.0.2.1');
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), limited);
  });

  it('each kind of request counts apart: a limited sign-in does not block a reset request', async () => {
    assert.deepEqual((await login(identity, 'zoya@example.in', 'zoya password', '10.0.2.1')).json(), limited);
    const response = await post('/api/reset-password', { email: 'zoya@example.in' }, '10.0.2.1');
    assert.equal(response.statusCode, 200);
    await resetTokenSent(identity, 'zoya@example.in', 0);
  });

  it('signup initiate: per address, storing and sending nothing once limited', async () => {
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await post('/api/signup/initiate', { name: 'N', email: `new${i}@example.in`, password: 'new password' }, '10.0.3.1')).statusCode, 200);
    }
    const before = await snapshot(identity);
    const refused = await post('/api/signup/initiate', { name: 'N', email: 'new5@example.in', password: 'new password' }, '10.0.3.1');
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), limited);
    assert.deepEqual(await snapshot(identity), before);
  });

  it('signup resend: per email, counted with initiate', async () => {
    const email = 'resender@example.in';
    assert.equal((await post('/api/signup/initiate', { name: 'R', email, password: 'resend password' }, '10.0.4.1')).statusCode, 200);
    assert.equal((await post('/api/signup/resend-otp', { email }, '10.0.4.2')).json<{ code: string }>().code, 'IDENTITY_OTP_COOLDOWN');
    await identity.deps.db.query("UPDATE signup_challenges SET resend_after = now() - interval '1 second' WHERE email = $1", [email]);
    assert.equal((await post('/api/signup/resend-otp', { email }, '10.0.4.3')).statusCode, 200);
    await identity.deps.db.query("UPDATE signup_challenges SET resend_after = now() - interval '1 second' WHERE email = $1", [email]);
    const before = await snapshot(identity);
    const refused = await post('/api/signup/resend-otp', { email }, '10.0.4.4');
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), limited);
    assert.deepEqual(await snapshot(identity), before);
  });

  it('reset request: per email, storing and sending nothing once limited', async () => {
    for (let i = 0; i < 3; i += 1) assert.equal((await post('/api/reset-password', { email: 'yash@example.in' }, `10.0.5.${i}`)).statusCode, 200);
    await resetTokenSent(identity, 'yash@example.in', 2);
    const before = await snapshot(identity);
    const refused = await post('/api/reset-password', { email: 'yash@example.in' }, '10.0.5.9');
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), limited);
    assert.deepEqual(await snapshot(identity), before);
  });

  it('reset request: per address, across emails', async () => {
    for (let i = 0; i < 5; i += 1) assert.equal((await post('/api/reset-password', { email: `x${i}@example.in` }, '10.0.6.1')).statusCode, 200);
    assert.deepEqual((await post('/api/reset-password', { email: 'x5@example.in' }, '10.0.6.1')).json(), limited);
  });

  it('reset link check: per address, counted with the other reset calls', async () => {
    for (let i = 0; i < 5; i += 1) assert.equal((await post('/api/reset-password/check', { token: `no-such-token-${i}` }, '10.0.8.1')).statusCode, 200);
    assert.deepEqual((await post('/api/reset-password/check', { token: 'no-such-token' }, '10.0.8.1')).json(), limited);
    assert.deepEqual((await post('/api/reset-password/verify', { token: 'no-such-token', newPassword: 'long enough' }, '10.0.8.1')).json(), limited);
  });

  it('change password: per account, so a stolen session cannot guess the password', async () => {
    const change = (currentPassword: string, remoteAddress: string) =>
      identity.app.inject({
        method: 'PUT',
        url: '/api/user/change-password',
        headers: bearer(omarSession),
        payload: { currentPassword, newPassword: 'brand new password' },
        remoteAddress,
      });
    for (let i = 0; i < 3; i += 1) assert.equal((await change('guess password', `10.0.7.${i + 2}`)).statusCode, 400);
    const refused = await change('omar password', '10.0.7.9');
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), limited);
  });
});
