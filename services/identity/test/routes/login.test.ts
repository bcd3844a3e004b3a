import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { backdate, bearer, login, registerUser, resetTokenSent, snapshot, startIdentity, type Identity } from '../support/identity.ts';

let stack: TestStack;
let identity: Identity;

before(async () => {
  ({ stack, identity } = await startIdentity());
});
after(() => stack.close());

const invalid = { error: 'Invalid email or password.', code: 'IDENTITY_INVALID_CREDENTIALS' };
/** The count and lock of one address against one account (the default address of inject is 127.0.0.1). */
const lockState = async (email: string, address = '127.0.0.1') =>
  (
    await identity.deps.db.query<{ failed_logins: number; locked_until: Date | null }>(
      `SELECT coalesce(f.failures, 0) AS failed_logins, f.locked_until FROM users u
         LEFT JOIN login_failures f ON f.user_id = u.id AND f.address = $2 WHERE u.email = $1`,
      [email, address],
    )
  ).rows[0];

describe('POST /api/login', () => {
  before(async () => {
    await registerUser(identity, { name: 'Priya', email: 'priya@example.in', password: 'priya password' });
  });

  it('answers a token that GET /api/user accepts, whatever the case of the email', async () => {
    const response = await login(identity, 'Priya@Example.IN', 'priya password');
    assert.equal(response.statusCode, 200);
    const me = await identity.app.inject({ method: 'GET', url: '/api/user', headers: bearer(response.json<{ token: string }>().token) });
    assert.deepEqual(me.json(), { name: 'Priya', email: 'priya@example.in' });
  });

  it('gives the same 401 for a wrong password, an unknown email and a Google-only account', async () => {
    await identity.deps.db.query("INSERT INTO users (id, name, email, password_hash, email_verified) VALUES ($1, 'G', 'google-only@example.in', NULL, true)", [
      randomUUID(),
    ]);
    const before = await snapshot(identity);
    for (const [email, password] of [
      ['priya@example.in', 'wrong password'],
      ['nobody@example.in', 'priya password'],
      ['google-only@example.in', 'any password'],
    ] as const) {
      const response = await login(identity, email, password);
      assert.equal(response.statusCode, 401, email);
      assert.deepEqual(response.json(), invalid, email);
    }
    assert.deepEqual(await snapshot(identity), before);
  });

  for (const [label, body] of [
    ['a missing password', { email: 'priya@example.in' }],
    ['an empty password', { email: 'priya@example.in', password: '' }],
    ['a malformed email', { email: 'priya', password: 'priya password' }],
    ['unknown fields', { email: 'priya@example.in', password: 'priya password', remember: true }],
  ] as const) {
    it(`answers 400 for ${label}`, async () => {
      const response = await identity.app.inject({ method: 'POST', url: '/api/login', payload: body });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
    });
  }

  it('a successful sign-in clears the count of failures', async () => {
    const email = 'dev@example.in';
    await registerUser(identity, { name: 'Dev', email, password: 'dev password' });
    for (let i = 0; i < 9; i += 1) assert.equal((await login(identity, email, 'wrong password')).statusCode, 401);
    assert.equal((await lockState(email))?.failed_logins, 9);
    assert.equal((await login(identity, email, 'dev password')).statusCode, 200);
    assert.deepEqual(await lockState(email), { failed_logins: 0, locked_until: null });
    assert.equal((await login(identity, email, 'wrong password')).statusCode, 401, 'the count starts again');
  });
});

describe('account lockout', () => {
  const email = 'arjun@example.in';
  const locked = /^This account is temporarily locked after too many failed sign-in attempts\. Try again in 15 minutes, or reset your password\.$/;

  before(async () => {
    await registerUser(identity, { name: 'Arjun', email, password: 'arjun password' });
  });

  it('locks the account, from that address, for 15 minutes at the 10th failure in a row', async () => {
    for (let i = 0; i < 9; i += 1) assert.equal((await login(identity, email, 'wrong password')).statusCode, 401);
    const tenth = await login(identity, email, 'wrong password');
    assert.equal(tenth.statusCode, 429);
    assert.equal(tenth.json<{ code: string }>().code, 'IDENTITY_ACCOUNT_LOCKED');
    assert.match(tenth.json<{ error: string }>().error, locked);
    const state = await lockState(email);
    const lockedFor = (state?.locked_until?.getTime() ?? 0) - Date.now();
    assert.ok(lockedFor > 14 * 60_000 && lockedFor <= 15 * 60_000, `locked for ${lockedFor} ms`);
  });

  it('refuses even the right password while locked, and issues no token', async () => {
    const response = await login(identity, email, 'arjun password');
    assert.equal(response.statusCode, 429);
    assert.match(response.json<{ error: string }>().error, locked);
    assert.equal(response.json<{ token?: string }>().token, undefined);
  });

  it('says how long is left in whole minutes', async () => {
    await backdate(identity, "UPDATE login_failures SET locked_until = now() + interval '50 seconds' WHERE user_id = (SELECT id FROM users WHERE email = $1)", [
      email,
    ]);
    const response = await login(identity, email, 'arjun password');
    assert.equal(response.statusCode, 429);
    assert.match(response.json<{ error: string }>().error, /Try again in 1 minute, or reset your password\.$/);
  });

  it('lets the right password in once the lock has run out, and a new count begins', async () => {
    await backdate(identity, "UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)", [
      email,
    ]);
    assert.equal((await login(identity, email, 'wrong password')).statusCode, 401, 'one failure after the lock does not lock again');
    assert.equal((await login(identity, email, 'arjun password')).statusCode, 200);
    assert.deepEqual(await lockState(email), { failed_logins: 0, locked_until: null });
  });
});

describe('lockout that a stranger cannot turn against the owner (default limits)', () => {
  let abuse: Identity;
  let abuseStack: TestStack;
  const password = 'owner password';

  before(async () => {
    ({ stack: abuseStack, identity: abuse } = await startIdentity({ AUTH_RATE_LIMIT_PER_IP: '100', AUTH_RATE_LIMIT_PER_ACCOUNT: '20' }));
  });
  after(() => abuseStack.close());

  const owner = async (email: string) => {
    await registerUser(abuse, { name: 'Owner', email, password }, '192.0.2.1');
    return email;
  };
  const resetPassword = async (email: string, newPassword: string) => {
    assert.equal((await abuse.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email }, remoteAddress: '192.0.2.1' })).statusCode, 200);
    const token = await resetTokenSent(abuse, email, 0);
    const reset = await abuse.app.inject({ method: 'POST', url: '/api/reset-password/verify', payload: { token, newPassword }, remoteAddress: '192.0.2.1' });
    assert.equal(reset.statusCode, 200);
  };

  it('20 wrong passwords from one address do not keep the owner out from another', async () => {
    const email = await owner('target@example.in');
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push((await login(abuse, email, 'a guess', '198.51.100.7')).statusCode);
    assert.deepEqual(answers, [...Array<number>(9).fill(401), ...Array<number>(11).fill(429)]);
    assert.equal((await login(abuse, email, password, '198.51.100.7')).statusCode, 429, 'the guessing address stays locked out');
    assert.equal((await login(abuse, email, password, '192.0.2.1')).statusCode, 200, 'the owner signs in from their own address');
  });

  it('a completed reset lifts the lock and clears every count, whoever caused it', async () => {
    const email = await owner('forgetful@example.in');
    for (let i = 0; i < 12; i += 1) await login(abuse, email, 'wrong password', '192.0.2.1');
    for (let i = 0; i < 20; i += 1) await login(abuse, email, 'a guess', `198.51.100.${i}`);
    assert.equal((await login(abuse, email, password, '192.0.2.1')).statusCode, 429);
    await resetPassword(email, 'fresh password');
    assert.equal((await login(abuse, email, 'fresh password', '192.0.2.1')).statusCode, 200);
    const { rows } = await abuse.deps.db.query<{ n: number; failed_logins: number }>(
      'SELECT (SELECT count(*)::int FROM login_failures f WHERE f.user_id = u.id) AS n, failed_logins FROM users u WHERE email = $1',
      [email],
    );
    assert.deepEqual(rows[0], { n: 0, failed_logins: 0 });
  });

  it('guesses spread over many addresses meet the gentler account-wide throttle: 5 minutes after 50', async () => {
    const email = await owner('spread@example.in');
    const answers = [];
    for (let i = 0; i < 50; i += 1) answers.push((await login(abuse, email, 'a guess', `203.0.113.${i}`)).statusCode);
    assert.deepEqual(answers, [...Array<number>(49).fill(401), 429]);
    const refused = await login(abuse, email, password, '192.0.2.1');
    assert.equal(refused.statusCode, 429);
    assert.match(refused.json<{ error: string }>().error, /Try again in 5 minutes, or reset your password\.$/);
    await resetPassword(email, 'spread new password');
    assert.equal((await login(abuse, email, 'spread new password', '192.0.2.1')).statusCode, 200);
  });

  it('takes the count before checking: of 20 parallel guesses from one address, exactly 10 passwords are checked', async () => {
    const email = await owner('parallel@example.in');
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(abuse, email, 'a guess', '198.51.100.99')));
    const statuses = answers.map((r) => r.statusCode).sort();
    // Nine checked and refused, the tenth checked and locking, ten refused unchecked.
    assert.deepEqual(statuses, [...Array<number>(9).fill(401), ...Array<number>(11).fill(429)]);
    assert.equal((await login(abuse, email, password, '192.0.2.1')).statusCode, 200);
  });
});
