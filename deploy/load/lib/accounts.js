// The accounts the journeys use, made in setup() the way a person makes one: signup, the code
// from the embedded stack's local mailbox (/dev/mailbox.json), then Premium bought through the
// sandbox checkout (the plan page's calls), so each account has Premium's 50 questions a month.
import http from 'k6/http';
import { sleep } from 'k6';
import encoding from 'k6/encoding';
import { asUser, batchedPost, bodyOf, getJson, postJson } from './http.js';

/** Premium's monthly questions (Basic's one would not carry a load run). */
export const PREMIUM_QUERIES = 50;
const PASSWORD = 'load-Passw0rd!';

/** Fails setup (and so the run) with what did not happen. */
function expectOk(response, status, what) {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${response.body ?? response.error}`);
  return bodyOf(response);
}

/** Polls `probe` until it answers something, for up to `seconds`. */
function waitFor(what, probe, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds}s waiting for ${what}`);
    sleep(0.25);
  }
}

/** The signup code mailed to each of `emails`, once every one has arrived. */
function mailedCodes(emails) {
  const mails = expectOk(getJson('/dev/mailbox.json'), 200, 'the local mailbox (/dev/mailbox.json: the embedded stack only)');
  const codes = emails.map((email) => {
    const mail = mails.find((m) => m.to === email && m.subject === 'Your Better+ verification code');
    return mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  });
  return codes.every(Boolean) ? codes : undefined;
}

/** True once billing has set up the new account's Basic plan (it learns of the signup by an event). */
function hasPlan(token) {
  return getJson('/api/subscription', asUser(token, { responseCallback: http.expectedStatuses(200, 404) })).status === 200 ? true : undefined;
}

function buyPremium(token) {
  const created = expectOk(postJson('/api/subscription/create', { plan: 'premium' }, asUser(token)), 200, 'premium subscription');
  if (!created.testMode) throw new Error('the stack takes real payments: load runs need the sandbox checkout of the embedded stack');
  const paid = expectOk(postJson('/dev/razorpay/pay', { subscription_id: created.id }, asUser(token)), 200, 'sandbox checkout');
  expectOk(postJson('/api/subscription/verify-payment', paid, asUser(token)), 200, 'payment verification');
}

/** True once chat has learnt of the Premium allowance (billing's event reaches it asynchronously). */
function hasPremiumAllowance(token) {
  const answer = getJson('/api/chat/queries-left', asUser(token, { responseCallback: http.expectedStatuses(200, 409) }));
  return answer.status === 200 && bodyOf(answer)?.queriesLimit === PREMIUM_QUERIES ? true : undefined;
}

/** `count` new Premium accounts: [{ email, password, token }]. */
export function createPremiumAccounts(count) {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const people = Array.from({ length: count }, (_, i) => ({ name: `Load Tester ${i + 1}`, email: `load-${run}-${i + 1}@example.com`, password: PASSWORD }));
  for (const person of people) expectOk(postJson('/api/signup/initiate', person), 200, `signup of ${person.email}`);
  const codes = waitFor('the signup codes in the local mailbox', () => mailedCodes(people.map((p) => p.email)));
  const verified = http.batch(people.map((person, i) => batchedPost('/api/signup/verify', { email: person.email, otp: codes[i] })));
  const accounts = people.map((person, i) => ({
    email: person.email,
    password: person.password,
    token: expectOk(verified[i], 201, `signup code of ${person.email}`).token,
  }));
  for (const account of accounts) {
    waitFor(`the Basic plan of ${account.email}`, () => hasPlan(account.token));
    buyPremium(account.token);
  }
  for (const account of accounts) waitFor(`the Premium allowance of ${account.email}`, () => hasPremiumAllowance(account.token));
  return accounts;
}

/** HTTP basic authentication of the admin panel. */
export function adminAuthorization() {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = __ENV;
  if (!username || !password) throw new Error('ADMIN_USERNAME and ADMIN_PASSWORD are required (run.sh sets them for the stack it starts)');
  return `Basic ${encoding.b64encode(`${username}:${password}`)}`;
}
