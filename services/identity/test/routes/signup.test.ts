import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { OtpRequestedEvent, UserRegisteredEvent, topics } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { backdate, bearer, count, latestOtp, login, otpOf, published, signupsCounted, snapshot, startIdentity, type Identity } from '../support/identity.ts';

let stack: TestStack;
let identity: Identity;

before(async () => {
  ({ stack, identity } = await startIdentity());
});
after(() => stack.close());

/** `cookie`: what a browser that started a signup sends back. */
const post = (url: string, body: unknown, cookie?: string) =>
  identity.app.inject({ method: 'POST', url, payload: body as object, ...(cookie ? { headers: { cookie } } : {}) });
const initiate = (body: unknown, cookie?: string) => post('/api/signup/initiate', body, cookie);
const verify = (email: string, otp: string, cookie?: string, password?: string) =>
  post('/api/signup/verify', { email, otp, ...(password ? { password } : {}) }, cookie);
const resend = (email: string, cookie?: string) => post('/api/signup/resend-otp', { email }, cookie);
/** The cookie a browser keeps from a signup answer. */
const cookieOf = (response: { headers: Record<string, unknown> }): string => {
  const set = response.headers['set-cookie'];
  assert.equal(typeof set, 'string', 'the answer binds the signup to the browser');
  return String(set).split(';')[0] ?? '';
};
/** The cooldown before another code is over, as if 30 seconds had passed. */
const endCooldown = (email: string) => backdate(identity, "UPDATE signup_challenges SET resend_after = now() - interval '1 second' WHERE email = $1", [email]);
/** The newest pending signup of `email`. */
const challenge = async (email: string) =>
  (
    await identity.deps.db.query<{ attempts: number; password_hash: string; code_hash: string }>(
      'SELECT * FROM signup_challenges WHERE email = $1 ORDER BY started_at DESC LIMIT 1',
      [email],
    )
  ).rows[0];
/** The attempts of each pending signup of `email`, oldest first. */
const attemptsOf = async (email: string) =>
  (await identity.deps.db.query<{ attempts: number }>('SELECT attempts FROM signup_challenges WHERE email = $1 ORDER BY started_at', [email])).rows.map(
    (r) => r.attempts,
  );
/** Some code other than `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/signup (the OTP flow, like initiate)', () => {
  it('creates no account until the emailed code proves the address, then creates it verified and counts the signup', async () => {
    const users = await count(identity, 'users');
    const signups = await signupsCounted(identity, 'email');
    const response = await post('/api/signup', { name: '  Asha  Rao ', email: 'Asha@Example.in', password: 'correct horse' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { requireOTP: true });
    assert.equal(await count(identity, 'users'), users, 'no account yet');
    assert.equal(await signupsCounted(identity, 'email'), signups, 'no signup counted yet');
    assert.equal((await login(identity, 'asha@example.in', 'correct horse')).statusCode, 401);

    const verified = await verify('asha@example.in', await latestOtp(identity, 'asha@example.in'));
    assert.equal(verified.statusCode, 201);
    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(verified.json<{ token: string }>().token) });
    assert.deepEqual(me.json(), { name: 'Asha Rao', email: 'asha@example.in' });
    assert.equal(await signupsCounted(identity, 'email'), signups + 1);
    const events = await published(identity, UserRegisteredEvent);
    assert.deepEqual(
      events.map((e) => [e.payload.name, e.payload.email]),
      [['Asha Rao', 'asha@example.in']],
    );
    const stored = await identity.deps.db.query<{ password_hash: string; email_verified: boolean }>(
      "SELECT password_hash, email_verified FROM users WHERE email = 'asha@example.in'",
    );
    assert.match(stored.rows[0]?.password_hash ?? '', /^\$argon2id\$/);
    assert.equal(stored.rows[0]?.email_verified, true);
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
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the plaintext field must stay empty
    assert.equal(sent.payload.code, '', 'the code never travels in plaintext');
    const code = otpOf(identity, sent);
    assert.match(code, /^\d{6}$/);
    assert.ok(sent.payload.expiresAt);
    const validFor = timestampDate(sent.payload.expiresAt).getTime() - Date.now();
    assert.ok(validFor > 9 * 60_000 && validFor <= 10 * 60_000, `valid for ${validFor} ms`);

    const row = await challenge('ravi@example.in');
    assert.ok(row);
    assert.match(row.password_hash, /^\$argon2id\$/);
    assert.equal(row.attempts, 0);
    assert.doesNotMatch(JSON.stringify(row), /ravi password/);
    assert.doesNotMatch(JSON.stringify(row), new RegExp(`"${code}"`));
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

  it('refuses to start again within 30 seconds (429); after that the same browser starts afresh and its old code completes nothing there', async () => {
    const email = 'again@example.in';
    const first = await initiate({ name: 'First', email, password: 'first password' });
    assert.equal(first.statusCode, 200);
    const firstCode = await latestOtp(identity, email);
    const before = await snapshot(identity);
    const early = await initiate({ name: 'Second', email, password: 'second password' }, cookieOf(first));
    assert.equal(early.statusCode, 429);
    const refusal = early.json<{ error: string; code: string }>();
    assert.equal(refusal.code, 'IDENTITY_OTP_COOLDOWN');
    assert.match(refusal.error, /^Please wait (30|29) seconds before requesting a new code\.$/);
    assert.deepEqual(await snapshot(identity), before);

    await endCooldown(email);
    const second = await initiate({ name: 'Second', email, password: 'second password' }, cookieOf(first));
    assert.equal(second.statusCode, 200);
    const secondCode = await latestOtp(identity, email);
    // The first signup, with another password, contests the second: its code alone completes nothing here.
    if (secondCode !== firstCode) assert.equal((await verify(email, firstCode, cookieOf(second))).json<{ code: string }>().code, 'IDENTITY_SIGNUP_CONTESTED');
    const verified = await verify(email, secondCode, cookieOf(second));
    assert.equal(verified.statusCode, 201);
    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(verified.json<{ token: string }>().token) });
    assert.deepEqual(me.json(), { name: 'Second', email });
    assert.equal((await login(identity, email, 'second password')).statusCode, 200);
    assert.equal(await challenge(email), undefined, 'every pending signup of the address ends with the account');
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
    const signups = await signupsCounted(identity, 'email');
    const response = await verify(email, otherCode(code));
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { error: 'Incorrect code. 4 attempts left.', code: 'IDENTITY_OTP_INVALID' });
    assert.equal((await challenge(email))?.attempts, 1);
    assert.equal(await count(identity, 'users'), users);
    assert.equal(await signupsCounted(identity, 'email'), signups, 'no signup counted');
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
    // As a Google sign-in with the address would, meanwhile.
    await identity.deps.db.query("INSERT INTO users (id, name, email, password_hash, email_verified) VALUES ($1, 'Quick', $2, NULL, true)", [
      randomUUID(),
      other,
    ]);
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

describe('pending-signup takeover', () => {
  const email = 'owner@example.in';
  const owner = { name: 'Owner', email, password: 'owner password' };
  const attacker = { name: 'Attacker', email, password: 'attacker password' };
  /** The code of each OTP email the owner's inbox got, oldest first. */
  const inbox = async () => (await published(identity, OtpRequestedEvent)).filter((e) => e.payload.email === email).map((e) => otpOf(identity, e));

  it("a later initiate for the address changes nothing the earlier one creates, and the owner's code completes the owner's signup", async () => {
    const ownerStart = await initiate(owner);
    assert.equal(ownerStart.statusCode, 200);
    await endCooldown(email);
    assert.equal((await initiate(attacker)).statusCode, 200, 'a stranger starts a signup for the same address 30 s later');
    const [ownerCode, attackerCode] = await inbox();
    assert.ok(ownerCode && attackerCode);

    // In the owner's browser, the stranger's code (the newest email) completes nothing, and counts no attempt.
    if (attackerCode !== ownerCode) {
      const before = await snapshot(identity);
      const refused = await verify(email, attackerCode, cookieOf(ownerStart), 'owner password');
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json<{ code: string }>().code, 'IDENTITY_SIGNUP_OTHER_PASSWORD');
      assert.equal((await verify(email, attackerCode, cookieOf(ownerStart))).json<{ code: string }>().code, 'IDENTITY_SIGNUP_CONTESTED');
      assert.deepEqual(await snapshot(identity), before);
      assert.deepEqual(await attemptsOf(email), [0, 0]);
    }
    // A resend from the owner's browser re-sends the owner's signup, not the stranger's.
    await endCooldown(email);
    assert.equal((await resend(email, cookieOf(ownerStart))).statusCode, 200);
    const resent = (await published(identity, OtpRequestedEvent)).filter((e) => e.payload.email === email).at(-1);
    assert.equal(resent?.payload.name, 'Owner');

    const verified = await verify(email, (await inbox()).at(-1) ?? '', cookieOf(ownerStart));
    assert.equal(verified.statusCode, 201);
    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(verified.json<{ token: string }>().token) });
    assert.deepEqual(me.json(), { name: 'Owner', email });
    assert.equal((await login(identity, email, 'owner password')).statusCode, 200);
    assert.equal((await login(identity, email, 'attacker password')).statusCode, 401, "the stranger's password opens nothing");
    assert.equal((await verify(email, attackerCode)).statusCode, 404, "the stranger's signup ended with the account");
  });

  it('without the browser cookie, a contested code completes only the signup it was sent for, and only with its password', async () => {
    const other = 'cookieless@example.in';
    assert.equal((await initiate({ name: 'Early', email: other, password: 'early password' })).statusCode, 200);
    const earlyCode = await latestOtp(identity, other);
    await endCooldown(other);
    assert.equal((await initiate({ name: 'Late', email: other, password: 'late password' })).statusCode, 200);
    const lateCode = await latestOtp(identity, other);
    if (earlyCode === lateCode) return;
    assert.equal((await verify(other, earlyCode)).statusCode, 409, 'the code alone does not say whose password the account gets');
    assert.equal((await verify(other, earlyCode, undefined, 'late password')).statusCode, 409);
    const verified = await verify(other, earlyCode, undefined, 'early password');
    assert.equal(verified.statusCode, 201);
    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(verified.json<{ token: string }>().token) });
    assert.deepEqual(me.json(), { name: 'Early', email: other });
    assert.equal((await login(identity, other, 'early password')).statusCode, 200);
    assert.equal((await login(identity, other, 'late password')).statusCode, 401);
  });
});

// Concurrency: meaningful on PostgreSQL (DATABASE_URL), where the requests really overlap.
describe('the first signup of an address, with requests at the same time', () => {
  const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();
  const pending = async (email: string) =>
    (await identity.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM signup_challenges WHERE email = $1', [email])).rows[0]?.n;
  const registered = async (email: string) => (await published(identity, UserRegisteredEvent)).filter((e) => e.payload.email === email).length;

  it('10 initiates at once: one starts a signup and sends one code, the rest wait for the cooldown', async () => {
    const email = 'burst@example.in';
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => initiate({ name: `Burst ${i}`, email, password: 'burst password' })));
    assert.deepEqual(statuses(responses), [200, ...Array<number>(9).fill(429)]);
    assert.equal(await pending(email), 1);
    assert.equal((await published(identity, OtpRequestedEvent)).filter((e) => e.payload.email === email).length, 1);
  });

  it('10 verifies of one code at once: one account, one UserRegistered, no 500', async () => {
    const email = 'twin@example.in';
    assert.equal((await initiate({ name: 'Twin', email, password: 'twin password' })).statusCode, 200);
    const code = await latestOtp(identity, email);
    const responses = await Promise.all(Array.from({ length: 10 }, () => verify(email, code)));
    assert.deepEqual(statuses(responses), [201, ...Array<number>(9).fill(404)]);
    assert.equal((await identity.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).rows[0]?.n, 1);
    assert.equal(await registered(email), 1);
  });

  it("two signups' codes verified at once: one account, the other refused, no 500", async () => {
    const email = 'both@example.in';
    assert.equal((await initiate({ name: 'One', email, password: 'one password' })).statusCode, 200);
    const one = await latestOtp(identity, email);
    await endCooldown(email);
    assert.equal((await initiate({ name: 'Two', email, password: 'two password' })).statusCode, 200);
    const two = await latestOtp(identity, email);
    if (one === two) return;
    const responses = await Promise.all([verify(email, one, undefined, 'one password'), verify(email, two, undefined, 'two password')]);
    assert.deepEqual(statuses(responses), [201, 404]);
    assert.equal(await registered(email), 1);
    assert.equal(await pending(email), 0);
  });
});
