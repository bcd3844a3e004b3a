// Probe (issue 22, hole 3), through the gateway of the embedded stack: a NUL character inside a
// webhook body signed with the install's own secret (a payment id, a subscription status), and in
// the input of every other billing route. Each is a 400 with a JSON error, and nothing changes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EmbeddedStack } from '../../src/embedded-stack.ts';
import { accountState, postWebhook, razorpayEvent, sandboxSecrets, unpaidPremiumCheckout } from '../support/razorpay-webhooks.ts';
import { startThrowawayStack } from '../support/throwaway-stack.ts';

describe('probe: NUL inside billing input, through the gateway', () => {
  let stack: EmbeddedStack;
  before(async () => {
    stack = await startThrowawayStack();
  });
  after(() => stack.stop());

  const loggedEvents = async () => (await stack.services.billing.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_events')).rows[0]?.n;

  it('a signed webhook with a NUL in the payment id or the subscription status: 400, nothing changed', async () => {
    const { auth, subscriptionId } = await unpaidPremiumCheckout(stack, 'Farah Khan');
    const { webhookSecret } = await sandboxSecrets(stack.services.billing.deps.config.DATA_DIR);
    const events = await loggedEvents();
    for (const body of [
      razorpayEvent('subscription.charged', subscriptionId, { paymentId: 'pay_\u0000AAAAAAAAAAAAAA' }),
      razorpayEvent('subscription.activated', subscriptionId, { status: 'active\u0000' }),
      razorpayEvent('subscription.halted', subscriptionId, { status: 'halted\u0000' }),
    ]) {
      const answer = await postWebhook(stack.url, body, webhookSecret);
      assert.equal(answer.status, 400, `${body.event}: ${await answer.clone().text()}`);
      assert.match(((await answer.json()) as { code: string }).code, /^BILLING_/);
    }
    assert.deepEqual(await accountState(stack.url, auth), { plan: 'basic', invoices: 0 });
    assert.equal(await loggedEvents(), events, 'no webhook event was logged');
    const { rows } = await stack.services.billing.deps.db.query<{ status: string }>('SELECT status FROM provider_subscriptions WHERE id = $1', [
      subscriptionId,
    ]);
    assert.deepEqual(rows, [{ status: 'created' }]);
  });

  it("every other billing route's input with a NUL: 400, nothing changed", async () => {
    const { auth, subscriptionId } = await unpaidPremiumCheckout(stack, 'Joseph Mathew');
    const send = (method: string, path: string, body: object) =>
      fetch(`${stack.url}${path}`, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth } });
    for (const [method, path, body] of [
      ['POST', '/api/subscription/create', { plan: 'premium\u0000' }],
      [
        'POST',
        '/api/subscription/verify-payment',
        { razorpay_payment_id: 'pay_\u0000', razorpay_subscription_id: subscriptionId, razorpay_signature: 'a'.repeat(64) },
      ],
      ['PUT', '/api/subscription/billing-details', { stateCode: '29', gstin: '29AAACR5055K1Z\u0000' }],
      ['POST', '/dev/razorpay/pay', { subscription_id: `${subscriptionId}\u0000` }],
      ['POST', '/api/billing/webhooks/razorpay', razorpayEvent('subscription.charged', `${subscriptionId}\u0000`)],
    ] as const) {
      const answer = await send(method, path, body);
      assert.equal(answer.status, 400, `${method} ${path}: ${await answer.clone().text()}`);
      assert.equal(typeof ((await answer.json()) as { error?: unknown }).error, 'string', `${method} ${path}: a JSON error`);
    }
    assert.deepEqual(await accountState(stack.url, auth), { plan: 'basic', invoices: 0 });
  });
});
