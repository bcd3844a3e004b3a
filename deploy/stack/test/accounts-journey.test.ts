import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StoredMail } from '@betterplus/kit';
import { eventually, realInfrastructure, startSmtpServer, unfolded, type SmtpServer } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { startServicesBehindGateway, type ServicesBehindGateway } from './support/services-behind-gateway.ts';
import { startThrowawayStack } from './support/throwaway-stack.ts';

/** The six-digit code in a mail's text. */
const otpIn = (text: string): string | undefined => /\b(\d{6})\b/.exec(text)?.[1];

const post = (baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });

/**
 * Signup with an emailed one-time code, through the gateway: initiate, the code travels as an
 * event to notifications and out as mail, verify, then the session works everywhere and a
 * password change ends the old one in every service.
 */
async function signupJourney(baseUrl: string, email: string, readCode: () => Promise<string | undefined>): Promise<void> {
  const initiate = await post(baseUrl, '/api/signup/initiate', { name: 'Kavya Menon', email, password: 'first password' });
  assert.equal(initiate.status, 200);
  assert.deepEqual(await initiate.json(), { requireOTP: true });

  const code = await eventually(readCode);
  assert.match(code, /^\d{6}$/);
  const verify = await post(baseUrl, '/api/signup/verify', { email, otp: code });
  assert.ok(verify.ok, `verify answered ${verify.status}`);
  const { token } = (await verify.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };

  const user = await fetch(`${baseUrl}/api/user`, { headers: auth });
  assert.deepEqual(await user.json(), { name: 'Kavya Menon', email });
  await eventually(async () => ((await fetch(`${baseUrl}/api/subscription`, { headers: auth })).status === 200 ? true : undefined));

  const change = await fetch(`${baseUrl}/api/user/change-password`, {
    method: 'PUT',
    body: JSON.stringify({ currentPassword: 'first password', newPassword: 'second password' }),
    headers: { 'content-type': 'application/json', ...auth },
  });
  assert.equal(change.status, 200);
  const fresh = { authorization: `Bearer ${((await change.json()) as { token: string }).token}` };
  assert.equal((await fetch(`${baseUrl}/api/user`, { headers: auth })).status, 401, 'identity refuses the old session at once');
  await eventually(async () => ((await fetch(`${baseUrl}/api/subscription`, { headers: auth })).status === 401 ? true : undefined));
  assert.equal((await fetch(`${baseUrl}/api/subscription`, { headers: fresh })).status, 200, 'the new session works in billing');

  const login = await post(baseUrl, '/api/login', { email, password: 'second password' });
  assert.equal(login.status, 200);
}

describe(`accounts on the ${realInfrastructure.kafka ? 'real stack: Kafka and a real SMTP server' : 'test stack: in-process bus and a real SMTP server'}`, () => {
  let smtp: SmtpServer;
  let system: ServicesBehindGateway;

  before(async () => {
    smtp = await startSmtpServer();
    system = await startServicesBehindGateway({ SMTP_URL: smtp.url });
  });
  after(async () => {
    await system.stop();
    await smtp.close();
  });

  it('signs up with the code that arrived over SMTP, signs in, and a password change ends the old session everywhere', async () => {
    const email = 'kavya@example.in';
    await signupJourney(system.gatewayUrl, email, async () => {
      // The body only: headers (Message-ID, Date) may hold digits of their own.
      const bodies = smtp.received
        .filter((m) => m.to.includes(email))
        .map((m) =>
          unfolded(m.raw)
            .split(/\r?\n\r?\n/)
            .slice(1)
            .join('\n'),
        );
      return bodies.map(otpIn).find((code) => code !== undefined);
    });
  });
});

describe('accounts on the embedded stack: the local mailbox', () => {
  let stack: EmbeddedStack;

  before(async () => {
    stack = await startThrowawayStack();
  });
  after(async () => {
    await stack.stop();
  });

  it('signs up with the code from /dev/mailbox.json, signs in, and a password change ends the old session everywhere', async () => {
    const email = 'kavya@example.in';
    await signupJourney(stack.url, email, async () => {
      const box = (await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as StoredMail[];
      const mail = box.find((m) => m.to === email && otpIn(m.text) !== undefined);
      return mail ? otpIn(mail.text) : undefined;
    });
  });
});
