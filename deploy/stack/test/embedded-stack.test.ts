import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@betterplus/kit/testing';
import type { StoredMail } from '@betterplus/kit';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { startThrowawayStack } from './support/throwaway-stack.ts';

const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** What `npm start` serves, driven over HTTP through its gateway as a browser would. */
describe('the embedded stack through its gateway', () => {
  let stack: EmbeddedStack;

  before(async () => {
    stack = await startThrowawayStack();
  });
  after(async () => {
    await stack.stop();
  });

  it('answers /healthz itself', async () => {
    const response = await fetch(`${stack.url}/healthz`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });

  it('signs up, reads the user, gets the Basic plan and a welcome mail in the local mailbox', async () => {
    const signup = await fetch(`${stack.url}/api/signup`, json({ name: 'Meera Iyer', email: 'meera@example.in', password: 'a long password' }));
    assert.equal(signup.status, 201);
    const { token } = (await signup.json()) as { token: string };
    const auth = { headers: { authorization: `Bearer ${token}` } };

    const user = await fetch(`${stack.url}/api/user`, auth);
    assert.deepEqual(await user.json(), { name: 'Meera Iyer', email: 'meera@example.in' });
    assert.equal((await fetch(`${stack.url}/api/user`)).status, 401);

    const subscription = await eventually(async () => {
      const response = await fetch(`${stack.url}/api/subscription`, auth);
      return response.status === 200 ? ((await response.json()) as { plan: string; queriesLimit: number }) : undefined;
    });
    assert.equal(subscription.plan, 'basic');
    assert.equal(subscription.queriesLimit, 1);

    const mail = await eventually(async () => {
      const box = (await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as StoredMail[];
      return box.find((m) => m.to === 'meera@example.in');
    });
    assert.equal(mail.subject, 'Welcome to Better+');
    assert.match(mail.text, /Hello Meera Iyer/);
    const page = await fetch(`${stack.url}/dev/mailbox`);
    assert.match(await page.text(), /Welcome to Better\+/);
  });

  it('keeps the newest mail first and escapes what users typed', async () => {
    await fetch(`${stack.url}/api/signup`, json({ name: '<script>alert(1)</script>', email: 'second@example.in', password: 'a long password' }));
    const box = await eventually(async () => {
      const mails = (await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as StoredMail[];
      return mails.length === 2 ? mails : undefined;
    });
    assert.deepEqual(box.map((m) => m.to), ['second@example.in', 'meera@example.in']);
    const html = await (await fetch(`${stack.url}/dev/mailbox`)).text();
    assert.ok(!html.includes('<script>alert(1)</script>'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(!box[0]?.html.includes('<script>alert(1)</script>'), 'the welcome mail escapes the name too');
  });

  it('answers unknown /api paths with JSON 404 from the gateway and bad input with 400 from the service', async () => {
    const unknown = await fetch(`${stack.url}/api/nowhere`);
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { code: string }).code, 'GATEWAY_NOT_FOUND');
    const bad = await fetch(`${stack.url}/api/signup`, json({ name: 'X' }));
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { code: string }).code, 'IDENTITY_VALIDATION');
  });
});
