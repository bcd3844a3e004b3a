// Probe of issue 22, hole 4, against the embedded stack: an account locked out for the client's
// address signs in on identity's own port with a made-up X-Forwarded-For, and wrong admin
// passwords go to admin-reporting's own port each under another made-up address. Before the fix
// every made-up address got fresh sign-in and admin counters.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StoredMail } from '@betterplus/kit';
import type { EmbeddedStack } from '../../src/embedded-stack.ts';
import { signUpWithCode } from '../support/signup.ts';
import { startThrowawayStack } from '../support/throwaway-stack.ts';

/** identity's lockout of one address (services/identity/src/domain/lockout.ts: the 10th failure locks) and admin-reporting's default limit. */
const SIGN_IN_FAILURES_THAT_LOCK = 10;
const ADMIN_FAILURES_PER_WINDOW = 10;

describe("probe: a made-up X-Forwarded-For on the services' own ports", () => {
  let stack: EmbeddedStack;
  const user = { name: 'Locked Out', email: 'locked@example.in', password: 'right password' };
  const madeUp = (n: number) => `198.51.100.${String(n)}`;

  before(async () => {
    stack = await startThrowawayStack(undefined, { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'the admin password for this probe' });
    await signUpWithCode(stack.url, user, async () => (await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as StoredMail[]);
  });
  after(async () => {
    await stack.stop();
  });

  const signIn = async (baseUrl: string, password: string, forwardedFor?: string) => {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password }),
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    });
    await response.arrayBuffer();
    return response.status;
  };

  it("an account locked out for this client stays locked on identity's port, whatever address the client makes up", async () => {
    const failures = [];
    for (let i = 0; i < SIGN_IN_FAILURES_THAT_LOCK; i++) failures.push(await signIn(stack.url, 'wrong password'));
    assert.deepEqual(failures, [...Array<number>(SIGN_IN_FAILURES_THAT_LOCK - 1).fill(401), 429]);
    assert.equal(await signIn(stack.url, user.password), 429, 'locked through the gateway');

    const identityPort = stack.services.identity.url ?? '';
    const direct = [];
    for (let i = 1; i <= 5; i++) direct.push(await signIn(identityPort, user.password, madeUp(i)));
    assert.deepEqual(direct, Array<number>(5).fill(429), 'each made-up address is still this client');
    assert.equal(await signIn(stack.url, user.password, madeUp(9)), 429, 'and through the gateway');
  });

  it("wrong admin passwords on admin-reporting's port count against this client, whatever address it makes up", async () => {
    const adminPort = stack.services['admin-reporting'].url ?? '';
    const statuses = [];
    for (let i = 1; i <= ADMIN_FAILURES_PER_WINDOW + 1; i++) {
      const response = await fetch(`${adminPort}/api/admin/stats`, {
        headers: { authorization: `Basic ${Buffer.from('admin:not the password').toString('base64')}`, 'x-forwarded-for': madeUp(i) },
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    assert.deepEqual(statuses, [...Array<number>(ADMIN_FAILURES_PER_WINDOW).fill(401), 429]);
  });
});
