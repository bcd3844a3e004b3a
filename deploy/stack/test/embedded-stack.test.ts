import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@betterplus/kit/testing';
import type { StoredMail } from '@betterplus/kit';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { signUpWithCode } from './support/signup.ts';
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

  const mailbox = async () => (await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as StoredMail[];

  it('signs up with the code from the local mailbox, reads the user, gets the Basic plan and a welcome mail', async () => {
    const token = await signUpWithCode(stack.url, { name: 'Meera Iyer', email: 'meera@example.in', password: 'a long password' }, mailbox);
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

    const mail = await eventually(async () => (await mailbox()).find((m) => m.to === 'meera@example.in' && m.subject === 'Welcome to Better+'));
    assert.equal(mail.subject, 'Welcome to Better+');
    assert.match(mail.text, /Hello Meera Iyer/);
    const page = await fetch(`${stack.url}/dev/mailbox`);
    assert.match(await page.text(), /Welcome to Better\+/);
  });

  it('keeps the newest mail first and escapes what users typed', async () => {
    await fetch(`${stack.url}/api/signup`, json({ name: '<script>alert(1)</script>', email: 'second@example.in', password: 'a long password' }));
    const box = await eventually(async () => {
      const mails = await mailbox();
      return mails.some((m) => m.to === 'second@example.in') ? mails : undefined;
    });
    const [newest, ...older] = box;
    assert.ok(newest);
    assert.equal(newest.to, 'second@example.in');
    assert.ok(older.every((m) => m.to === 'meera@example.in'));
    const html = await (await fetch(`${stack.url}/dev/mailbox`)).text();
    assert.ok(!html.includes('<script>alert(1)</script>'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(!newest.html.includes('<script>alert(1)</script>'), 'the code mail escapes the name too');
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

describe('the embedded stack with a body limit of its own', () => {
  it("gives the services the gateway's BODY_LIMIT, so a body the gateway lets through is not refused for its size", async () => {
    const stack = await startThrowawayStack(undefined, { BODY_LIMIT: '2097152' });
    try {
      for (const service of Object.values(stack.services)) assert.equal(service.deps.config.BODY_LIMIT, 2_097_152);
      const name = 'x'.repeat(1_500_000);
      const streamed = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ name })));
          controller.close();
        },
      });
      const answer = await fetch(`${stack.url}/api/user`, { method: 'PUT', body: streamed, duplex: 'half', headers: { 'content-type': 'application/json' } });
      const { code } = (await answer.json()) as { code: string };
      assert.ok(answer.status === 400 || answer.status === 401, `${String(answer.status)} ${code}`);
      assert.doesNotMatch(code, /PAYLOAD_TOO_LARGE/);
    } finally {
      await stack.stop();
    }
  });
});
