// Issue 22, hole 1: a stranger starts a second signup for someone's address 31 s after them (or
// before them); the owner's inbox then holds two codes. Whoever proves the address must get the
// account with their own password, whatever cookies their client holds and whichever code they
// type, and a later Google sign-in must never land in an account whose password the stranger chose.
// On PostgreSQL and on PGlite.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestStack, realInfrastructure, startOnEachDatabase, type TestStack } from '@betterplus/kit/testing';
import { OtpRequestedEvent, UserRegisteredEvent } from '@betterplus/events';
import { identityService } from '../../src/app.ts';
import { startFakeGoogle, type FakeGoogle } from '../support/google-server.ts';
import { backdate, bearer, login, openSecretsOf, otpOf, published, snapshot, type Identity } from '../support/identity.ts';

const clientId = 'betterplus-web.apps.googleusercontent.com';
const databases = realInfrastructure.postgres ? (['postgres', 'pglite'] as const) : (['pglite'] as const);
let google: FakeGoogle;
let stack: TestStack;
let started: { database: 'postgres' | 'pglite'; service: Identity }[] = [];

before(async () => {
  google = await startFakeGoogle();
  stack = await createTestStack();
  started = await startOnEachDatabase(stack, identityService, {
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_TOKENINFO_URL: google.tokenInfoUrl,
    GOOGLE_USERINFO_URL: google.userInfoUrl,
  });
  for (const { service } of started) openSecretsOf(service, stack);
});
after(async () => {
  await stack.close();
  await google.close();
});

for (const database of databases) {
  describe(`signup takeover, on ${database}`, () => {
    let identity: Identity;
    before(() => {
      const found = started.find((s) => s.database === database);
      assert.ok(found);
      identity = found.service;
    });

    const post = (url: string, body: object, cookie?: string) =>
      identity.app.inject({ method: 'POST', url, payload: body, ...(cookie ? { headers: { cookie } } : {}) });
    type Answer = Awaited<ReturnType<typeof post>>;
    /** A client without the signup cookie unless `cookie` is given; `password` only when given. */
    const verify = (email: string, otp: string, proof: { cookie?: string; password?: string } = {}) =>
      post('/api/signup/verify', { email, otp, ...(proof.password ? { password: proof.password } : {}) }, proof.cookie);
    const cookieOf = (answer: Answer) => String(answer.headers['set-cookie']).split(';')[0] ?? '';
    const codeOf = (answer: Answer) => answer.json<{ code: string }>().code;
    /** Starts a signup and answers the browser's cookie and the code its email carried. */
    async function initiate(user: { name: string; email: string; password: string }): Promise<{ cookie: string; code: string }> {
      const answer = await post('/api/signup/initiate', user);
      assert.equal(answer.statusCode, 200, JSON.stringify(answer.json()));
      const sent = (await published(identity, OtpRequestedEvent)).filter((e) => e.payload.email === user.email).at(-1);
      assert.ok(sent);
      return { cookie: cookieOf(answer), code: otpOf(identity, sent) };
    }
    /** As if the 30 s between two codes for the address had passed. */
    const endCooldown = (email: string) =>
      backdate(identity, "UPDATE signup_challenges SET resend_after = now() - interval '1 second' WHERE email = $1", [email]);
    const attemptsOf = async (email: string) =>
      (await identity.deps.db.query<{ attempts: number }>('SELECT attempts FROM signup_challenges WHERE email = $1 ORDER BY started_at', [email])).rows.map(
        (r) => r.attempts,
      );
    const nameBehind = async (answer: Answer) =>
      (await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(answer.json<{ token: string }>().token) })).json<{ name: string }>().name;
    /** The owner and the stranger of one address, and the two codes in the owner's inbox. */
    async function contestedSignup(email: string, strangerFirst: boolean) {
      const owner = { name: 'Owner', email, password: 'owner password' };
      const stranger = { name: 'Stranger', email, password: 'stranger password' };
      const first = await initiate(strangerFirst ? stranger : owner);
      await endCooldown(email);
      const second = await initiate(strangerFirst ? owner : stranger);
      const [ownerSignup, strangerSignup] = strangerFirst ? [second, first] : [first, second];
      // Two codes alike would make one a stand-in for the other (one chance in a million).
      assert.notEqual(ownerSignup.code, strangerSignup.code);
      return { owner, stranger, ownerSignup, strangerSignup, newest: second.code };
    }

    for (const strangerFirst of [false, true]) {
      const order = strangerFirst ? 'the stranger first, the owner 31 s later' : 'the owner first, the stranger 31 s later';

      it(`${order}: a client without the cookie gets no account from the code alone, nor from the stranger's code, and nothing changes`, async () => {
        const email = `cookieless-${String(strangerFirst)}@example.in`;
        const { owner, stranger, ownerSignup, strangerSignup, newest } = await contestedSignup(email, strangerFirst);
        const before = await snapshot(identity);
        // The attack: the owner's app (no cookie) sends the newest code in the inbox.
        const attack = await verify(email, newest);
        assert.equal(attack.statusCode, 409);
        assert.deepEqual(attack.json(), {
          error: 'More than one sign-up is waiting for this email address. Please send the password you chose at sign-up along with the code.',
          code: 'IDENTITY_SIGNUP_CONTESTED',
        });
        assert.equal(codeOf(await verify(email, ownerSignup.code)), 'IDENTITY_SIGNUP_CONTESTED');
        const strangers = await verify(email, strangerSignup.code, { password: owner.password });
        assert.equal(strangers.statusCode, 409);
        assert.equal(codeOf(strangers), 'IDENTITY_SIGNUP_OTHER_PASSWORD');
        assert.deepEqual(await snapshot(identity), before, 'no account, no event, no challenge changed');
        assert.deepEqual(await attemptsOf(email), [0, 0], 'a right code is no wrong attempt');
        assert.equal((await login(identity, email, owner.password)).statusCode, 401);
        assert.equal((await login(identity, email, stranger.password)).statusCode, 401);

        // The owner's code with the owner's password: the owner's account.
        const verified = await verify(email, ownerSignup.code, { password: owner.password });
        assert.equal(verified.statusCode, 201);
        assert.equal(await nameBehind(verified), 'Owner');
        assert.equal((await login(identity, email, owner.password)).statusCode, 200);
        assert.equal((await login(identity, email, stranger.password)).statusCode, 401);
      });

      it(`${order}: the browser that started a signup completes only that one with its cookie`, async () => {
        const email = `browser-${String(strangerFirst)}@example.in`;
        const { owner, stranger, ownerSignup, strangerSignup } = await contestedSignup(email, strangerFirst);
        assert.equal(codeOf(await verify(email, strangerSignup.code, { cookie: ownerSignup.cookie })), 'IDENTITY_SIGNUP_CONTESTED');
        assert.equal(
          codeOf(await verify(email, strangerSignup.code, { cookie: ownerSignup.cookie, password: owner.password })),
          'IDENTITY_SIGNUP_OTHER_PASSWORD',
        );
        // The stranger's browser holding the owner's code (say, seen over a shoulder) gets nothing either.
        assert.equal(codeOf(await verify(email, ownerSignup.code, { cookie: strangerSignup.cookie })), 'IDENTITY_SIGNUP_CONTESTED');
        assert.equal(
          codeOf(await verify(email, ownerSignup.code, { cookie: strangerSignup.cookie, password: stranger.password })),
          'IDENTITY_SIGNUP_OTHER_PASSWORD',
        );
        const verified = await verify(email, ownerSignup.code, { cookie: ownerSignup.cookie });
        assert.equal(verified.statusCode, 201);
        assert.equal(await nameBehind(verified), 'Owner');
        assert.equal((await login(identity, email, stranger.password)).statusCode, 401);
      });
    }

    it('an uncontested signup needs only its code: one initiate, or several with the same password', async () => {
      const email = 'same-password@example.in';
      const first = await initiate({ name: 'Phone', email, password: 'one password' });
      await endCooldown(email);
      await initiate({ name: 'Laptop', email, password: 'one password' });
      const verified = await verify(email, first.code);
      assert.equal(verified.statusCode, 201);
      assert.equal(await nameBehind(verified), 'Phone');
    });

    it("a password given must be the signup's own, even uncontested: refused (409) without counting an attempt", async () => {
      const email = 'wrong-password@example.in';
      const { code } = await initiate({ name: 'Only', email, password: 'only password' });
      const before = await snapshot(identity);
      const refused = await verify(email, code, { password: 'another password' });
      assert.equal(refused.statusCode, 409);
      assert.deepEqual(refused.json(), {
        error:
          'This code was sent for another sign-up of this email address, made with a different password. Enter the code sent for your sign-up, or sign up again.',
        code: 'IDENTITY_SIGNUP_OTHER_PASSWORD',
      });
      assert.deepEqual(await snapshot(identity), before);
      assert.deepEqual(await attemptsOf(email), [0]);
      assert.equal((await verify(email, code, { password: 'only password' })).statusCode, 201);
    });

    it("20 verifies at once on a contested address: unproven ones change nothing; then one account, with the owner's password, no 500", async () => {
      const email = 'twenty@example.in';
      const { owner, stranger, ownerSignup, strangerSignup } = await contestedSignup(email, false);
      const before = await snapshot(identity);
      const unproven = await Promise.all(Array.from({ length: 20 }, (_, i) => verify(email, i % 2 === 0 ? ownerSignup.code : strangerSignup.code)));
      assert.deepEqual(
        unproven.map((r) => r.statusCode),
        Array<number>(20).fill(409),
      );
      assert.deepEqual(await snapshot(identity), before);
      assert.deepEqual(await attemptsOf(email), [0, 0]);

      // Five of each: the stranger's code alone and with the owner's password, the owner's code alone and with it.
      const mixed = await Promise.all(
        Array.from({ length: 5 }, () => [
          verify(email, strangerSignup.code),
          verify(email, strangerSignup.code, { password: owner.password }),
          verify(email, ownerSignup.code),
          verify(email, ownerSignup.code, { password: owner.password }),
        ]).flat(),
      );
      const statuses = mixed.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join());
      assert.ok(
        statuses.every((s) => s === 201 || s === 409 || s === 404),
        statuses.join(),
      );
      const registered = (await published(identity, UserRegisteredEvent)).filter((e) => e.payload.email === email);
      assert.deepEqual(
        registered.map((e) => e.payload.name),
        ['Owner'],
      );
      assert.equal((await login(identity, email, owner.password)).statusCode, 200);
      assert.equal((await login(identity, email, stranger.password)).statusCode, 401);
    });

    it("after the attack is replayed, the owner's Google sign-in never lands in an account whose password the stranger chose", async () => {
      const email = 'google-owner@example.in';
      const { stranger, newest } = await contestedSignup(email, false);
      assert.equal((await verify(email, newest)).statusCode, 409);
      const token = `token-${database}`;
      google.issue(token, { aud: clientId, profile: { sub: `g-owner-${database}`, email, email_verified: true, name: 'Owner Google' } });
      const signedIn = await post('/api/auth/google', { token });
      assert.equal(signedIn.statusCode, 200);
      assert.equal(await nameBehind(signedIn), 'Owner Google');
      assert.equal((await login(identity, email, stranger.password)).statusCode, 401, "the stranger's password opens nothing");
      const { rows } = await identity.deps.db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE email = $1', [email]);
      assert.deepEqual(rows, [{ password_hash: null }]);
    });

    it('the owner who finished with their password, then signs in with Google, shares the account with nobody', async () => {
      const email = 'google-later@example.in';
      const { owner, stranger, ownerSignup } = await contestedSignup(email, true);
      assert.equal((await verify(email, ownerSignup.code, { password: owner.password })).statusCode, 201);
      const token = `token-later-${database}`;
      google.issue(token, { aud: clientId, profile: { sub: `g-later-${database}`, email, email_verified: true, name: 'Owner Google' } });
      const signedIn = await post('/api/auth/google', { token });
      assert.equal(signedIn.statusCode, 200);
      assert.equal(await nameBehind(signedIn), 'Owner', "linked to the owner's own account");
      assert.equal((await login(identity, email, owner.password)).statusCode, 200);
      assert.equal((await login(identity, email, stranger.password)).statusCode, 401);
    });
  });
}
