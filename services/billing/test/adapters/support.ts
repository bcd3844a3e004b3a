import type { TestContext } from 'node:test';
import { createRazorpayGateway } from '../../src/adapters/razorpay-gateway.ts';
import { startRazorpaySandbox, type RazorpaySandbox, type RazorpaySandboxOptions } from '../../src/adapters/razorpay-sandbox.ts';

export const keys = { keyId: 'rzp_test_sandboxkey', keySecret: 'sandbox-key-secret', webhookSecret: 'sandbox-webhook-secret', planId: 'plan_Premium000001' };

export interface Delivery {
  rawBody: string;
  headers: Record<string, string>;
  /** The body parsed, for reading; signatures are checked on rawBody. */
  body: {
    entity: string;
    account_id: string;
    event: string;
    contains: string[];
    payload: { subscription?: { entity: Record<string, unknown> }; payment?: { entity: Record<string, unknown> } };
    created_at: number;
  };
}

/** A sandbox on a fixed clock whose webhooks land in `delivered`; closed when the test ends. */
export async function startSandbox(t: TestContext, overrides: Partial<RazorpaySandboxOptions> = {}) {
  const clock = { now: new Date('2026-01-31T10:00:00Z') };
  const delivered: Delivery[] = [];
  const sandbox: RazorpaySandbox = await startRazorpaySandbox({
    ...keys,
    amountPaise: 249_900,
    now: () => clock.now,
    deliverWebhook: async (rawBody, headers) => {
      delivered.push({ rawBody, headers, body: JSON.parse(rawBody) as Delivery['body'] });
    },
    ...overrides,
  });
  t.after(() => sandbox.close());
  const gateway = createRazorpayGateway({ ...keys, timeoutMs: 2_000, apiUrl: sandbox.url, testMode: true });
  return { sandbox, gateway, delivered, clock };
}

/** A raw call to the sandbox's REST API, as any HTTP client would make it. */
export function rawCall(url: string, method: string, path: string, body?: object, auth = `${keys.keyId}:${keys.keySecret}`) {
  return fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}`, ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
}
