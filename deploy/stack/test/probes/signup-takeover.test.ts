// Probe of issue 22, hole 1, replayed against the embedded stack through the gateway: a stranger
// starts a signup for someone's address 31 s after them (or before them), and the owner's client
// without the signup cookie verifies with the newest code in the inbox. Before the fix that gave
// the owner an account with the stranger's password.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StoredMail } from '@betterplus/kit';
import { eventually } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../../src/embedded-stack.ts';
import { otpIn } from '../support/signup.ts';
import { startThrowawayStack } from '../support/throwaway-stack.ts';

describe('probe: signup takeover through the gateway', () => {
  let stack: EmbeddedStack;

  before(async () => {
    stack = await startThrowawayStack();
  });
  after(async () => {
    await stack.stop();
  });

  /** A client without a cookie jar unless `cookie` is given, as a mobile or API client is. */
  const post = (path: string, body: object, cookie?: string) =>
    fetch(`${stack.url}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });
  const codeOf = async (response: Response) => ((await response.json()) as { code: string }).code;
  /** The codes mailed to `email`, oldest first, once `count` have arrived. */
  const inbox = (email: string, count: number) =>
    eventually(async () => {
      const mails = (await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as StoredMail[];
      const codes = mails.filter((mail) => mail.to.includes(email)).flatMap((mail) => otpIn(mail.text) ?? []);
      return codes.length >= count ? codes.reverse() : undefined;
    });
  /** The 30 s between two codes for one address, passed at once (the stranger waited 31 s). */
  const thirtySecondsPass = (email: string) =>
    stack.services.identity.deps.db.query("UPDATE signup_challenges SET resend_after = now() - interval '1 second' WHERE email = $1", [email]);
  const initiate = async (user: { name: string; email: string; password: string }) => {
    const answer = await post('/api/signup/initiate', user);
    assert.equal(answer.status, 200);
    return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  const signIn = async (email: string, password: string) => (await post('/api/login', { email, password })).status;

  for (const strangerFirst of [false, true]) {
    it(`${strangerFirst ? 'the stranger first' : 'the owner first'}: the newest code without the cookie opens no account, and the stranger's password never opens the owner's`, async () => {
      const email = `owner-${String(strangerFirst)}@example.in`;
      const owner = { name: 'Owner', email, password: 'owner password' };
      const stranger = { name: 'Stranger', email, password: 'stranger password' };
      const firstCookie = await initiate(strangerFirst ? stranger : owner);
      await thirtySecondsPass(email);
      const secondCookie = await initiate(strangerFirst ? owner : stranger);
      const [firstCode = '', newest = ''] = await inbox(email, 2);
      const [ownerCode, ownerCookie] = strangerFirst ? [newest, secondCookie] : [firstCode, firstCookie];

      const attack = await post('/api/signup/verify', { email, otp: newest });
      assert.equal(attack.status, 409, 'the code alone does not say whose password the account gets');
      assert.equal(await codeOf(attack), 'IDENTITY_SIGNUP_CONTESTED');
      const strangersCode = strangerFirst ? firstCode : newest;
      assert.equal((await post('/api/signup/verify', { email, otp: strangersCode, password: owner.password }, ownerCookie)).status, 409);
      assert.equal(await signIn(email, owner.password), 401, 'no account yet');
      assert.equal(await signIn(email, stranger.password), 401);

      // The owner's browser: its cookie and the password the web app holds go with its code.
      const verified = await post('/api/signup/verify', { email, otp: ownerCode, password: owner.password }, ownerCookie);
      assert.equal(verified.status, 201);
      const { token } = (await verified.json()) as { token: string };
      assert.deepEqual(await (await fetch(`${stack.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json(), { name: 'Owner', email });
      assert.equal(await signIn(email, owner.password), 200);
      assert.equal(await signIn(email, stranger.password), 401);
    });
  }
});
