// One person's journey through the cluster's gateway Service, as the web app makes it: the page,
// signup with the code the mail sink received, a question, Premium through the Razorpay stand-in's
// checkout, the GST invoice (JSON and PDF), and the admin stats counting them. Exits non-zero on
// the first step that fails, naming it; prints the Premium user's token as TOKEN=... for the load.
//   node deploy/cluster/journey.ts
// Env: GATEWAY_URL, MAIL_URL, RAZORPAY_URL (the Services' addresses), ADMIN_USERNAME, ADMIN_PASSWORD,
// SUPPLIER_NAME (what the invoice must name as supplier).
import assert from 'node:assert/strict';
import type { StoredMail } from '@betterplus/kit';
import { eventually } from '@betterplus/kit/testing';
import { chatAllowance } from '../stack/test/support/chat.ts';
import { otpIn } from '../stack/test/support/signup.ts';

const env = (name: string): string => process.env[name] ?? assert.fail(`${name} is not set`);
const gateway = env('GATEWAY_URL');
const SLOW = 60_000;

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    const result = await run();
    console.error(`journey: ${name} (${String(Date.now() - started)} ms)`);
    return result;
  } catch (error) {
    throw new Error(`journey: ${name} failed`, { cause: error });
  }
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

async function ok<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  assert.equal(answer.status, status, `${answer.url}: ${String(answer.status)} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** What the mail sink received, as the local mailbox stores mail. */
async function mailbox(): Promise<StoredMail[]> {
  const mails = await ok<{ from: string; to: string[]; subject: string; raw: string; receivedAt: string }[]>(fetch(`${env('MAIL_URL')}/messages`));
  return mails.map((mail, i) => {
    const text = mail.raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n');
    return { id: String(i), from: mail.from, sentAt: mail.receivedAt, to: mail.to[0] ?? '', subject: mail.subject, text, html: text };
  });
}

const adminAuth = { authorization: `Basic ${Buffer.from(`${env('ADMIN_USERNAME')}:${env('ADMIN_PASSWORD')}`).toString('base64')}` };
const stats = () => ok<{ totalUsers: number; monthlyQueries: number }>(fetch(`${gateway}/api/admin/stats`, { headers: adminAuth }));

try {
  await step('the web app', async () => {
    const page = await fetch(`${gateway}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">|<script/);
  });
  const before = await step('admin stats before', stats);

  const person = { name: 'Kavya Iyer', email: `kavya.${Date.now().toString(36)}@example.in`, password: 'a long cluster password' };
  const token = await step('signup with the emailed code', async () => {
    assert.deepEqual(await ok(fetch(`${gateway}/api/signup`, json(person))), { requireOTP: true });
    // identity -> Kafka -> notifications -> SMTP: a busy node takes a while.
    const otp = await eventually(
      async () => {
        const mail = (await mailbox()).find((m) => m.to === person.email && m.subject === 'Your Better+ verification code');
        return mail ? otpIn(mail.text) : undefined;
      },
      SLOW,
      250,
    );
    return (await ok<{ token: string }>(fetch(`${gateway}/api/signup/verify`, json({ email: person.email, otp })), 201)).token;
  });
  const auth = { authorization: `Bearer ${token}` };

  await step('a question', async () => {
    await chatAllowance(gateway, token, (left) => left === 1, SLOW);
    const answer = await ok<{ response: string }>(fetch(`${gateway}/api/chat`, json({ message: 'Who founded Goonj?' }, auth)));
    assert.match(answer.response, /\S/);
  });

  await step('Premium through the checkout', async () => {
    const created = await ok<{ id: string; testMode: boolean }>(fetch(`${gateway}/api/subscription/create`, json({ plan: 'premium' }, auth)));
    assert.equal(created.testMode, false, 'billing runs in production mode, against the Razorpay stand-in');
    const paid = await ok<Record<string, string>>(fetch(`${env('RAZORPAY_URL')}/checkout/pay`, json({ subscription_id: created.id })));
    await ok(fetch(`${gateway}/api/subscription/verify-payment`, json(paid, auth)));
    await eventually(
      async () => {
        const subscription = await ok<{ plan: string }>(fetch(`${gateway}/api/subscription`, { headers: auth }));
        return subscription.plan === 'premium' ? true : undefined;
      },
      SLOW,
      250,
    );
    await chatAllowance(gateway, token, (left) => left > 1, SLOW);
  });

  await step('the invoice', async () => {
    const [invoice] = await eventually(
      async () => {
        const invoices = await ok<{ id: number; number: string; amount: number; supplier: { name: string } }[]>(
          fetch(`${gateway}/api/invoices`, { headers: auth }),
        );
        return invoices.length > 0 ? invoices : undefined;
      },
      SLOW,
      250,
    );
    assert.ok(invoice);
    assert.equal(invoice.amount, 249_900);
    assert.equal(invoice.supplier.name, env('SUPPLIER_NAME'));
    const pdf = await fetch(`${gateway}/api/invoices/${String(invoice.id)}/pdf`, { headers: auth });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
      '%PDF-',
    );
  });

  await step('admin stats count the user and the question', async () => {
    await eventually(
      async () => {
        const now = await stats();
        return now.totalUsers > before.totalUsers && now.monthlyQueries > before.monthlyQueries ? true : undefined;
      },
      SLOW,
      250,
    );
    assert.equal((await fetch(`${gateway}/api/admin/stats`)).status, 401);
  });
  console.log(`TOKEN=${token}`);
} catch (error) {
  console.error(error);
  process.exit(1);
}
