import type { RunningService } from '@betterplus/kit';
import { createTestStack, eventually, startOnEachDatabase, type TestStack } from '@betterplus/kit/testing';
import { UserRegisteredEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { billingService } from '../../src/app.ts';
import { plans } from '../../src/domain/plans.ts';
import { razorpaySignature } from '../../src/domain/signatures.ts';
import { startRazorpaySandbox, type RazorpaySandbox } from '../../src/domain/payments/razorpay-sandbox.ts';
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

export async function subscriptionRow(billing: Billing, userId: string): Promise<{ plan: string; start_date: Date; end_date: Date; queries_limit: number } | undefined> {
  const { rows } = await billing.deps.db.query<{ plan: string; start_date: Date; end_date: Date; queries_limit: number }>(
    'SELECT plan, start_date, end_date, queries_limit FROM subscriptions WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** Waits until billing has applied the registration of `userId`. */
export const subscribed = (billing: Billing, userId: string) => eventually(() => subscriptionRow(billing, userId));

export { bearerFor } from '@betterplus/kit/testing';

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
export async function startBillingWithSandbox(stack: TestStack, env: Record<string, string> = {}): Promise<BillingWithSandbox> {
  const held: Webhook[] = [];
  const sandbox = await startRazorpaySandbox({
    ...TEST_KEYS,
    amountPaise: plans.premium.pricePaise,
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

/** A webhook changed as a test needs (an older time, another event id), signed again as Razorpay would. */
export function resigned(webhook: Webhook, change: (body: Record<string, unknown>) => void, eventId?: string): Webhook {
  const body = JSON.parse(webhook.rawBody) as Record<string, unknown>;
  change(body);
  const rawBody = JSON.stringify(body);
  return { rawBody, headers: { ...webhook.headers, 'x-razorpay-signature': razorpaySignature(TEST_KEYS.webhookSecret, rawBody), ...(eventId ? { 'x-razorpay-event-id': eventId } : {}) } };
}

/** The held webhook of `event`, the latest one. */
export function heldEvent(held: readonly Webhook[], event: string): Webhook {
  const found = held.findLast((webhook) => (JSON.parse(webhook.rawBody) as { event: string }).event === event);
  if (!found) throw new Error(`no ${event} webhook was sent`);
  return found;
}
