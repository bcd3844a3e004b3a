import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { OtpRequestedEvent, UserRegisteredEvent, topics } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { backdate, bearer, count, latestOtp, login, published, snapshot, startIdentity, type Identity } from '../support/identity.ts';

let stack: TestStack;
let identity: Identity;

before(async () => {
  ({ stack, identity } = await startIdentity());
});
after(() => stack.close());

const post = (url: string, body: unknown) => identity.app.inject({ method: 'POST', url, payload: body as object });
const initiate = (body: unknown) => post('/api/signup/initiate', body);
const verify = (email: string, otp: string) => post('/api/signup/verify', { email, otp });
const resend = (email: string) => post('/api/signup/resend-otp', { email });
/** The cooldown before another code is over, as if 30 seconds had passed. */
const endCooldown = (email: string) => backdate(identity, "UPDATE signup_challenges SET resend_after = now() - interval '1 second' WHERE email = $1", [email]);
const challenge = async (email: string) =>
  (await identity.deps.db.query<{ attempts: number; password_hash: string; code_hash: string }>('SELECT * FROM signup_challenges WHERE email = $1', [email])).rows[0];
/** Some code other than `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/signup (direct, without a code)', () => {
  it('creates the user, answers a token and records user registered in the outbox', async () => {
    const response = await post('/api/signup', { name: '  Asha  Rao ', email: 'Asha@Example.in', password: 'correct horse' });
    assert.equal(response.statusCode, 201);
    const { token } = response.json<{ token: string }>();
    assert.match(token, /^[\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    assert.equal(me.statusCode, 200);
    assert.deepEqual(me.json(), { name: 'Asha Rao', email: 'asha@example.in' });

    const events = await published(identity, UserRegisteredEvent);
    assert.deepEqual(events.map((e) => [e.payload.name, e.payload.email]), [['Asha Rao', 'asha@example.in']]);
    const stored = await identity.deps.db.query<{ password_hash: string; email_verified: boolean }>("SELECT password_hash, email_verified FROM users WHERE email = 'asha@example.in'");
    assert.match(stored.rows[0]?.password_hash ?? '', /^\$argon2id\$/);
    // Nobody proved the address: a later Google sign-in by its owner may claim the account.
    assert.equal(stored.rows[0]?.email_verified, false);
  });

  it('refuses an email that already has an account, whatever its case, and changes nothing', async () => {
    const before = await snapshot(identity);
    const response = await post('/api/signup', { name: 'Someone', email: 'ASHA@example.in', password: 'another password' });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), { error: 'An account with this email already exists. Please sign in.', code: 'IDENTITY_EMAIL_TAKEN' });
    assert.deepEqual(await snapshot(identity), before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await identity.app.inject({ method: 'POST', url: '/api/signup', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_INVALID_JSON');
  });
});

describe('GET /api/user', () => {
  it('answers 401 without a token or with a forged one', async () => {
    const missing = await identity.app.inject({ method: 'GET', url: '/api/user' });
    assert.equal(missing.statusCode, 401);
    assert.deepEqual(missing.json(), { error: 'Authentication required', code: 'IDENTITY_UNAUTHORIZED' });
    const forged = await identity.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer abc.def.ghi' } });
    assert.equal(forged.statusCode, 401);
    assert.equal(forged.json<{ code: string }>().code, 'IDENTITY_INVALID_TOKEN');
  });
});

describe('POST /api/signup/initiate', () => {
  it('answers requireOTP, keeps only hashes and emails a 6-digit code through the outbox', async () => {
    const before = await count(identity, 'users');
    const response = await initiate({ name: ' Ravi  Kumar ', email: 'Ravi@Example.in', password: 'ravi password' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { requireOTP: true });
    assert.equal(await count(identity, 'users'), before, 'no account until the code is verified');

    const [sent, ...more] = (await published(identity, OtpRequestedEvent)).filter((e) => e.payload.email === 'ravi@example.in');
    assert.ok(sent);
    assert.equal(more.length, 0);
    assert.equal(sent.topic, topics.identitySignup);
    assert.equal(sent.key, 'ravi@example.in');
    assert.equal(sent.payload.name, 'Ravi Kumar');
    assert.match(sent.payload.code, /^\d{6}$/);
    assert.ok(sent.payload.expiresAt);
    const validFor = timestampDate(sent.payload.expiresAt).getTime() - Date.now();
    assert.ok(validFor > 9 * 60_000 && validFor <= 10 * 60_000, `valid for ${validFor} ms`);

    const row = await challenge('ravi@example.in');
    assert.ok(row);
    assert.match(row.password_hash, /^\$argon2id\$/);
    assert.equal(row.attempts, 0);
    assert.doesNotMatch(JSON.stringify(row), /ravi password/);
    assert.doesNotMatch(JSON.stringify(row), new RegExp(`"${sent.payload.code}"`));
  });

  it('refuses an email that already has an account (409) and stores and sends nothing', async () => {
    const before = await snapshot(identity);
    const response = await initiate({ name: 'Other', email: 'ASHA@example.in', password: 'whatever pass' });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), { error: 'An account with this email already exists. Please sign in.', code: 'IDENTITY_EMAIL_TAKEN' });
    assert.deepEqual(await snapshot(identity), before);
  });

  for (const [label, body] of [
    ['a missing name', { email: 'x@example.in', password: 'long enough' }],
    ['a blank name', { name: '   ', email: 'x@example.in', password: 'long enough' }],
    ['a malformed email', { name: 'X', email: 'not-an-email', password: 'long enough' }],
    ['a password under 8 characters', { name: 'X', email: 'x@example.in', password: 'short' }],
    ['a password over 128 characters', { name: 'X', email: 'x@example.in', password: 'p'.repeat(129) }],
    ['unknown fields', { name: 'X', email: 'x@example.in', password: 'long enough', admin: true }],
  ] as const) {
    it(`answers 400 with a clear error for ${label} and stores and sends nothing`, async () => {
      const before = await snapshot(identity);
      const response = await initiate(body);
      assert.equal(response.statusCode, 400);
      const payload = response.json<{ error: string; code: string }>();
      assert.equal(payload.code, 'IDENTITY_VALIDATION');
      assert.match(payload.error, /^Invalid request: /);
      assert.deepEqual(await snapshot(identity), before);
    });
  }

  it('refuses to start again within 30 seconds (429), then starts afresh and the old code stops working', async () => {
    const email = 'again@example.in';
    assert.equal((await initiate({ name: 'First', email, password: 'first password' })).statusCode, 200);
    const firstCode = await latestOtp(identity, email);
    const before = await snapshot(identity);
    const early = await initiate({ name: 'Second', email, password: 'second password' });
    assert.equal(early.statusCode, 429);
    const refusal = early.json<{ error: string; code: string }>();
    assert.equal(refusal.code, 'IDENTITY_OTP_COOLDOWN');
    assert.match(refusal.error, /^Please wait (30|29) seconds before requesting a new code\.$/);
    assert.deepEqual(await snapshot(identity), before);

    await endCooldown(email);
    assert.equal((await initiate({ name: 'Second', email, password: 'second password' })).statusCode, 200);
    const secondCode = await latestOtp(identity, email);
    if (secondCode !== firstCode) assert.equal((await verify(email, firstCode)).statusCode, 400);
    const verified = await verify(email, secondCode);
    assert.equal(verified.statusCode, 201);
    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(verified.json<{ token: string }>().token) });
    assert.deepEqual(me.json(), { name: 'Second', email });
    assert.equal((await login(identity, email, 'second password')).statusCode, 200);
  });

  it('forgets signups abandoned for a day, password hash included', async () => {
    const email = 'abandoned@example.in';
    assert.equal((await initiate({ name: 'Gone', email, password: 'gone password' })).statusCode, 200);
    const code = await latestOtp(identity, email);
    await backdate(identity, "UPDATE signup_challenges SET started_at = now() - interval '25 hours' WHERE email = $1", [email]);
    assert.equal((await verify(email, code)).statusCode, 404);
    assert.equal((await resend(email)).statusCode, 404);
    assert.equal((await initiate({ name: 'Someone Else', email: 'fresh@example.in', password: 'fresh password' })).statusCode, 200);
    assert.equal(await challenge(email), undefined);
  });
});

describe('POST /api/signup/verify', () => {
  const email = 'meera@example.in';
  let code: string;

  before(async () => {
    assert.equal((await initiate({ name: 'Meera', email, password: 'meera password' })).statusCode, 200);
    code = await latestOtp(identity, email);
  });

  it('refuses a wrong code with the attempts left, counts it and creates nobody', async () => {
    const users = await count(identity, 'users');
    const response = await verify(email, otherCode(code));
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { error: 'Incorrect code. 4 attempts left.', code: 'IDENTITY_OTP_INVALID' });
    assert.equal((await challenge(email))?.attempts, 1);
    assert.equal(await count(identity, 'users'), users);
  });

  it('refuses a code of the wrong shape as a validation error', async () => {
    const response = await verify(email, '1234567');
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
  });

  it('creates the account with the password given at initiate, signs in, and records user registered', async () => {
    const response = await verify('MEERA@example.in', code);
    assert.equal(response.statusCode, 201);
    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(response.json<{ token: string }>().token) });
    assert.deepEqual(me.json(), { name: 'Meera', email });
    const registered = (await published(identity, UserRegisteredEvent)).filter((e) => e.payload.email === email);
    assert.equal(registered.length, 1);
    assert.equal(registered[0]?.key, registered[0]?.payload.userId);
    assert.equal(await challenge(email), undefined);
    const { rows } = await identity.deps.db.query<{ email_verified: boolean }>('SELECT email_verified FROM users WHERE email = $1', [email]);
    assert.equal(rows[0]?.email_verified, true);
    assert.equal((await login(identity, email, 'meera password')).statusCode, 200);
  });

  it('does not take the same code twice', async () => {
    const before = await snapshot(identity);
    const response = await verify(email, code);
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { error: 'No signup is waiting for this email. Please sign up again.', code: 'IDENTITY_NO_PENDING_SIGNUP' });
    assert.deepEqual(await snapshot(identity), before);
  });

  it('refuses an expired code (400) and creates nobody', async () => {
    const other = 'late@example.in';
    await initiate({ name: 'Late', email: other, password: 'late password' });
    const lateCode = await latestOtp(identity, other);
    await backdate(identity, "UPDATE signup_challenges SET expires_at = now() - interval '1 second' WHERE email = $1", [other]);
    const before = await snapshot(identity);
    const response = await verify(other, lateCode);
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { error: 'This code has expired. Please request a new code.', code: 'IDENTITY_OTP_EXPIRED' });
    assert.deepEqual(await snapshot(identity), before);
    assert.equal((await challenge(other))?.attempts, 0);
  });

  it('after 5 wrong codes refuses even the right one until a new code is requested', async () => {
    const other = 'guess@example.in';
    await initiate({ name: 'Guess', email: other, password: 'guess password' });
    const right = await latestOtp(identity, other);
    const wrong = otherCode(right);
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await verify(other, wrong)).json<{ error: string }>().error);
    assert.deepEqual(answers, [
      'Incorrect code. 4 attempts left.',
      'Incorrect code. 3 attempts left.',
      'Incorrect code. 2 attempts left.',
      'Incorrect code. 1 attempt left.',
      'Incorrect code. That was the last attempt: please request a new code.',
    ]);
    const users = await count(identity, 'users');
    const dead = await verify(other, right);
    assert.equal(dead.statusCode, 400);
    assert.deepEqual(dead.json(), { error: 'Too many incorrect codes. Please request a new code.', code: 'IDENTITY_OTP_ATTEMPTS_EXCEEDED' });
    assert.equal(await count(identity, 'users'), users);

    await endCooldown(other);
    assert.equal((await resend(other)).statusCode, 200);
    assert.equal((await verify(other, await latestOtp(identity, other))).statusCode, 201);
  });

  it('refuses (409) when someone registered the address after the code was sent', async () => {
    const other = 'race@example.in';
    await initiate({ name: 'Race', email: other, password: 'race password' });
    const raceCode = await latestOtp(identity, other);
    assert.equal((await post('/api/signup', { name: 'Quick', email: other, password: 'quick password' })).statusCode, 201);
    const before = await snapshot(identity);
    const response = await verify(other, raceCode);
    assert.equal(response.statusCode, 409);
    assert.equal(response.json<{ error: string }>().error, 'An account with this email already exists. Please sign in.');
    assert.deepEqual(await snapshot(identity), before);
  });

  it('answers 404 for an address with no signup under way', async () => {
    const response = await verify('nobody@example.in', '123456');
    assert.equal(response.statusCode, 404);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_NO_PENDING_SIGNUP');
  });
});

describe('POST /api/signup/resend-otp', () => {
  const email = 'kiran@example.in';

  before(async () => {
    assert.equal((await initiate({ name: 'Kiran', email, password: 'kiran password' })).statusCode, 200);
  });

  it('refuses within 30 seconds of the last code (429) and sends nothing', async () => {
    const before = await snapshot(identity);
    const response = await resend(email);
    assert.equal(response.statusCode, 429);
    const refusal = response.json<{ error: string; code: string }>();
    assert.equal(refusal.code, 'IDENTITY_OTP_COOLDOWN');
    assert.match(refusal.error, /^Please wait (30|29) seconds before requesting a new code\.$/);
    assert.deepEqual(await snapshot(identity), before);
  });

  it('sends a new code that replaces the old one and restores the attempts', async () => {
    const oldCode = await latestOtp(identity, email);
    assert.equal((await verify(email, otherCode(oldCode))).statusCode, 400);
    await endCooldown(email);
    const response = await resend('Kiran@Example.in');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { message: 'A new code has been sent to your email address.' });
    const sent = (await published(identity, OtpRequestedEvent)).filter((e) => e.payload.email === email);
    assert.equal(sent.length, 2);
    assert.equal(sent[1]?.payload.name, 'Kiran');
    assert.equal((await challenge(email))?.attempts, 0);

    const newCode = await latestOtp(identity, email);
    if (newCode !== oldCode) {
      const stale = await verify(email, oldCode);
      assert.equal(stale.statusCode, 400);
      assert.equal(stale.json<{ code: string }>().code, 'IDENTITY_OTP_INVALID');
    }
    assert.equal((await verify(email, newCode)).statusCode, 201);
  });

  it('answers 404 with a clear error when no signup is waiting', async () => {
    const before = await snapshot(identity);
    const response = await resend('stranger@example.in');
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { error: 'No signup is waiting for this email. Please sign up again.', code: 'IDENTITY_NO_PENDING_SIGNUP' });
    assert.deepEqual(await snapshot(identity), before);
  });

  it('answers 400 for a malformed email', async () => {
    const response = await resend('not an email');
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
  });
});
