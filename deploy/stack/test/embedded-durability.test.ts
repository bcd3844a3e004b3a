import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, describe, it } from 'node:test';
import { OtpRequestedEvent, UserRegisteredEvent } from '@betterplus/events';
import { createPgliteDatabase, localMailboxDir, readLocalMailbox } from '@betterplus/kit';
import { eventually } from '@betterplus/kit/testing';
import { otpIn } from './support/signup.ts';

const harness = new URL('./support/embedded-process.ts', import.meta.url).pathname;
const dataDir = await mkdtemp(join(tmpdir(), 'betterplus-durability-'));
let child: ChildProcess | undefined;
after(async () => {
  child?.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts `npm start`'s stack as a child process on the shared data folder; resolves its URL. */
async function startStack(): Promise<string> {
  const started = spawn(process.execPath, [harness], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'inherit'] });
  child = started;
  const lines = createInterface({ input: started.stdout });
  for await (const line of lines) {
    const url = /^ready (\S+)$/.exec(line)?.[1];
    if (url) return url;
  }
  throw new Error('the embedded stack exited before it was ready');
}

async function kill(): Promise<void> {
  const running = child;
  if (!running || running.exitCode !== null) return;
  const exited = once(running, 'exit');
  running.kill('SIGKILL');
  await exited;
}

async function stopGracefully(): Promise<void> {
  const running = child;
  if (!running || running.exitCode !== null) return;
  const exited = once(running, 'exit');
  running.kill('SIGTERM');
  await exited;
}

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/**
 * Sends `work` for every item, `parallel` at a time, and SIGKILLs the stack once `killAfter`
 * have answered: the rest die with it, some mid-transaction. Returns the items answered `status`.
 */
async function burst<T>(items: readonly T[], parallel: number, killAfter: number, work: (item: T) => Promise<Response>, status: number): Promise<T[]> {
  const succeeded: T[] = [];
  let answered = 0;
  let next = 0;
  let killing: Promise<void> | undefined;
  const worker = async () => {
    while (next < items.length && !killing) {
      const item = items[next++] as T;
      try {
        const response = await work(item);
        if (response.status === status) succeeded.push(item);
      } catch {
        // The stack was killed under this request.
      }
      answered += 1;
      if (answered >= killAfter) killing ??= kill();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  await (killing ?? kill());
  return succeeded;
}

const mailbox = () => readLocalMailbox(localMailboxDir(dataDir));
const otpMails = async (email: string) => (await mailbox()).filter((m) => m.to === email && m.subject === 'Your Better+ verification code');

async function count(service: string, sql: string, params: unknown[] = []): Promise<number> {
  const db = await createPgliteDatabase(join(dataDir, 'pglite', service));
  try {
    return (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? -1;
  } finally {
    await db.close();
  }
}

/**
 * `npm start` killed with SIGKILL in the middle of bursts of signups and verifications, then
 * started again on the same data: every event is delivered (the mail, the Basic plan) and
 * every effect is applied exactly once.
 */
describe('embedded stack durability across a crash', () => {
  it('loses no event and applies none twice when the process is killed mid-burst and restarted', async () => {
    const users = Array.from({ length: 40 }, (_, i) => ({
      name: `Durable ${String(i)}`,
      email: `durable${String(i)}@example.in`,
      password: 'a long password',
    }));

    let url = await startStack();
    const signedUp = await burst(users, 16, 25, (user) => post(`${url}/api/signup`, user), 200);
    assert.ok(signedUp.length >= 10, `signups answered before the kill: ${String(signedUp.length)}`);

    url = await startStack();
    // Codes arrive for the signups answered before the kill (mail itself is at least once, and a
    // mail the crash left claimed returns after the sender's lease; the test verifies those it has).
    const codes = new Map<string, string>();
    const collectCodes = async () => {
      for (const user of signedUp) {
        const code = (await otpMails(user.email)).map((m) => otpIn(m.text)).find(Boolean);
        if (code) codes.set(user.email, code);
      }
    };
    await eventually(
      async () => {
        await collectCodes();
        return codes.size >= Math.ceil(signedUp.length / 2) ? true : undefined;
      },
      60_000,
      200,
    );
    const withCode = signedUp.filter((user) => codes.has(user.email));

    const verified = await burst(
      withCode,
      16,
      Math.ceil(withCode.length / 2),
      (user) => post(`${url}/api/signup/verify`, { email: user.email, otp: codes.get(user.email) }),
      201,
    );
    assert.ok(verified.length >= 3, `verifications answered before the kill: ${String(verified.length)}`);

    url = await startStack();
    // Each verified account gets its Basic plan, made by billing from the UserRegistered event.
    for (const user of verified) {
      const login = await post(`${url}/api/login`, { email: user.email, password: user.password });
      assert.equal(login.status, 200);
      const { token } = (await login.json()) as { token: string };
      await eventually(
        async () => ((await fetch(`${url}/api/subscription`, { headers: { authorization: `Bearer ${token}` } })).status === 200 ? true : undefined),
        60_000,
        200,
      );
    }
    // Stopped gracefully, a row some consumer has not applied yet stays in the outbox for the next
    // start; start again until identity's outbox has drained, then read every service's database.
    await stopGracefully();
    for (let round = 0; (await count('identity', 'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')) > 0; round += 1) {
      assert.ok(round < 5, "identity's outbox drains");
      await startStack();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await stopGracefully();
    }

    const accounts = await count('identity', 'SELECT count(*)::int AS n FROM users');
    assert.ok(accounts >= verified.length);
    const otpEvents = await count('identity', 'SELECT count(*)::int AS n FROM outbox WHERE type = $1', [OtpRequestedEvent.schema.typeName]);
    const registrations = await count('identity', 'SELECT count(*)::int AS n FROM outbox WHERE type = $1', [UserRegisteredEvent.schema.typeName]);
    assert.ok(otpEvents >= signedUp.length);
    assert.equal(registrations, accounts);
    assert.equal(
      await count('notifications', 'SELECT count(*)::int AS n FROM processed_events WHERE type = $1', [OtpRequestedEvent.schema.typeName]),
      otpEvents,
      'notifications applied every OTP event',
    );
    assert.equal(
      await count('notifications', "SELECT count(*)::int AS n FROM email_deliveries WHERE kind = 'otp'"),
      otpEvents,
      'one OTP mail queued per event, none twice',
    );
    assert.equal(
      await count('billing', 'SELECT count(*)::int AS n FROM processed_events WHERE type = $1', [UserRegisteredEvent.schema.typeName]),
      registrations,
      'billing applied every registration',
    );
    assert.equal(await count('billing', "SELECT count(*)::int AS n FROM subscriptions WHERE plan = 'basic'"), accounts, 'one Basic subscription per account');
  });
});
