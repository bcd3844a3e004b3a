import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RunningService } from '@betterplus/kit';
import { bearerFor, createTestStack, eventually, published, realInfrastructure, startOnEachDatabase, type TestStack } from '@betterplus/kit/testing';
import { PaymentVerifiedEvent, UserRegisteredEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { billingService } from '../../src/app.ts';
import { plans } from '../../src/domain/plans.ts';
import { razorpaySignature } from '../../src/domain/signatures.ts';
import { startRazorpaySandbox, type RazorpaySandbox, type RazorpaySandboxOptions } from '../../src/adapters/razorpay-sandbox.ts';
import { WEBHOOK_PATH } from '../../src/routes/webhooks.ts';
import type { BillingConfig } from '../../src/config.ts';

export type Billing = RunningService<BillingConfig>;

/** Billing on a fresh test stack (real PostgreSQL, Kafka and Redis when the environment names them). */
export async function startBilling(): Promise<{ stack: TestStack; billing: Billing }> {
  const stack = await createTestStack();
  return { stack, billing: await stack.start(billingService) };
}

/** billing on each database it must behave the same on (see startOnEachDatabase). */
export async function startBillingOnEachDatabase(stack: TestStack, env: Record<string, string> = {}): Promise<{ database: string; billing: Billing }[]> {
  return (await startOnEachDatabase(stack, billingService, env)).map(({ database, service }) => ({ database, billing: service }));
}

/** What identity publishes when an account is created; billing consumes it from the topic. */
export async function registerUser(billing: Billing, userId: string, registeredAt: Date): Promise<void> {
  await billing.deps.uow.run(async (tx) => {
    await tx.publish(UserRegisteredEvent, userId, { userId, name: 'Asha Rao', email: `${userId}@example.in`, registeredAt: timestampFromDate(registeredAt) });
  });
}

export async function subscriptionRow(
  billing: Billing,
  userId: string,
): Promise<{ plan: string; start_date: Date; end_date: Date; queries_limit: number } | undefined> {
  const { rows } = await billing.deps.db.query<{ plan: string; start_date: Date; end_date: Date; queries_limit: number }>(
    'SELECT plan, start_date, end_date, queries_limit FROM subscriptions WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** Waits until billing has applied the registration of `userId`. */
export const subscribed = (billing: Billing, userId: string) => eventually(() => subscriptionRow(billing, userId));

export { bearerFor };

/** The value `billing`'s /metrics shows for `name` with these labels (0 when the series is exported at 0). */
export async function counted(billing: Billing, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const metric = await billing.deps.metrics.registry.getSingleMetric(name)?.get();
  return metric?.values.find((v) => Object.entries(labels).every(([label, value]) => v.labels[label] === value))?.value;
}

/** The keys billing and the tests' Razorpay sandbox share. */
export const TEST_KEYS = { keyId: 'rzp_test_billingtests', keySecret: 'tests-key-secret', webhookSecret: 'tests-webhook-secret', planId: 'plan_testspremium' };

export interface Webhook {
  rawBody: string;
  headers: Record<string, string>;
}

export interface BillingWithSandbox {
  billing: Billing;
  sandbox: RazorpaySandbox;
  /** Webhooks the sandbox sent, held for the test to deliver in any order, any number of times. */
  held: Webhook[];
  deliver(webhook: Webhook): Promise<{ statusCode: number; body: { received?: boolean; applied?: boolean; code?: string } }>;
}

/**
 * billing with Razorpay's settings, talking through the real SDK to a sandbox the test drives:
 * what the checkout returns comes from `sandbox.pay`, and its webhooks wait in `held`. The
 * caller closes the sandbox after the stack.
 */
export async function startBillingWithSandbox(
  stack: TestStack,
  env: Record<string, string> = {},
  sandboxOptions: Partial<Pick<RazorpaySandboxOptions, 'amountPaise'>> = {},
): Promise<BillingWithSandbox> {
  const held: Webhook[] = [];
  const sandbox = await startRazorpaySandbox({
    ...TEST_KEYS,
    amountPaise: plans.premium.pricePaise,
    ...sandboxOptions,
    deliverWebhook: async (rawBody, headers) => {
      held.push({ rawBody, headers });
    },
  });
  const billing = await stack.start(billingService, {
    RAZORPAY_KEY_ID: TEST_KEYS.keyId,
    RAZORPAY_KEY_SECRET: TEST_KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: TEST_KEYS.webhookSecret,
    RAZORPAY_PLAN_ID: TEST_KEYS.planId,
    RAZORPAY_API_URL: sandbox.url,
    ...env,
  });
  const deliver = async (webhook: Webhook) => {
    const response = await billing.app.inject({ method: 'POST', url: WEBHOOK_PATH, payload: webhook.rawBody, headers: webhook.headers });
    return { statusCode: response.statusCode, body: response.json<{ received?: boolean; applied?: boolean; code?: string }>() };
  };
  return { billing, sandbox, held, deliver };
}

/** A webhook of `body` signed with the webhook secret, as Razorpay would sign it (a new event id unless given). */
export function signedWebhook(body: object, eventId: string = randomUUID()): Webhook {
  const rawBody = JSON.stringify(body);
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': razorpaySignature(TEST_KEYS.webhookSecret, rawBody),
      'x-razorpay-event-id': eventId,
    },
  };
}

/** A webhook changed as a test needs (an older time, another event id), signed again as Razorpay would. */
export function resigned(webhook: Webhook, change: (body: Record<string, unknown>) => void, eventId?: string): Webhook {
  const body = JSON.parse(webhook.rawBody) as Record<string, unknown>;
  change(body);
  return signedWebhook(body, eventId ?? webhook.headers['x-razorpay-event-id']);
}

/** The held webhook of `event`, the latest one. */
export function heldEvent(held: readonly Webhook[], event: string): Webhook {
  const found = held.findLast((webhook) => (JSON.parse(webhook.rawBody) as { event: string }).event === event);
  if (!found) throw new Error(`no ${event} webhook was sent`);
  return found;
}

export interface OnDatabase {
  database: string;
  stack: TestStack;
  billed: BillingWithSandbox;
}

/** billing with the tests' sandbox on a stack of its own, on the environment's database. */
export async function startWithSandbox(
  env: Record<string, string> = {},
  sandboxOptions: Parameters<typeof startBillingWithSandbox>[2] = {},
): Promise<OnDatabase> {
  const stack = await createTestStack();
  const database = realInfrastructure.postgres && env.DATABASE_URL !== '' ? 'postgres' : 'pglite';
  return { database, stack, billed: await startBillingWithSandbox(stack, env, sandboxOptions) };
}

/** billing with the tests' sandbox on each database: PostgreSQL when the environment has it (where races are real), and PGlite. */
export function startEachWithSandbox(): Promise<OnDatabase[]> {
  // A stack per database: each billing consumes its own users' registrations.
  return Promise.all(realInfrastructure.postgres ? [startWithSandbox(), startWithSandbox({ DATABASE_URL: '' })] : [startWithSandbox()]);
}

/** Stops what startEachWithSandbox started: each stack, then its sandbox. */
export async function stopEach(onEach: readonly OnDatabase[]): Promise<void> {
  for (const { stack, billed } of onEach) {
    await stack.close();
    await billed.sandbox.close();
  }
}

export interface Subscription {
  plan: string;
  active: boolean;
  status: string;
  queriesUsed: number;
  queriesLimit: number;
  endDate: string;
}

/** Whatever billing answers: a subscription, a created checkout, or an error. */
export type Answer = Partial<Subscription> & { id?: string; keyId?: string; testMode?: boolean; error?: string; code?: string };

export interface Triple {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

/** One signed-in user of `billed`, on Basic, and what a test does as them. */
export async function customer({ stack, billed }: Pick<OnDatabase, 'stack' | 'billed'>) {
  const { billing, sandbox, held } = billed;
  const userId = randomUUID();
  await registerUser(billing, userId, new Date());
  await subscribed(billing, userId);
  const headers = await bearerFor(stack, userId);
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await billing.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.json<Answer>() };
  };
  const subscription = async () => (await call('GET', '/api/subscription')).body as Subscription;
  const createPremium = async () => {
    const created = await call('POST', '/api/subscription/create', { plan: 'premium' });
    assert.equal(created.statusCode, 200);
    return created.body.id ?? assert.fail('no subscription id');
  };
  const verify = (triple: Triple) => call('POST', '/api/subscription/verify-payment', triple);
  const counts = async () => {
    const { rows } = await billing.deps.db.query<{ payments: number; invoices: number }>(
      'SELECT (SELECT count(*) FROM payments WHERE user_id = $1)::int AS payments, (SELECT count(*) FROM invoices WHERE user_id = $1)::int AS invoices',
      [userId],
    );
    return rows[0];
  };
  const verifiedEvents = async () => (await published(billing, PaymentVerifiedEvent)).filter((e) => e.key === userId);
  return {
    userId,
    headers,
    call,
    subscription,
    createPremium,
    verify,
    counts,
    verifiedEvents,
    billing,
    sandbox,
    held,
    deliver: (webhook: Webhook) => billed.deliver(webhook),
  };
}
