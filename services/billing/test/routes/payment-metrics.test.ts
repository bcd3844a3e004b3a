// What billing's /metrics counts for the business dashboard and the payment alerts: each verified
// payment and its amount once, whoever reports it; failed payments; verifications and webhooks
// whose signatures do not hold.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { plans } from '../../src/domain/plans.ts';
import {
  bearerFor,
  counted as countedIn,
  heldEvent,
  registerUser,
  startWithSandbox,
  stopEach,
  subscribed,
  type BillingWithSandbox,
  type OnDatabase,
} from '../support/billing.ts';

let started: OnDatabase;
let stack: TestStack;
let billed: BillingWithSandbox;
before(async () => {
  started = await startWithSandbox();
  ({ stack, billed } = started);
});
after(() => stopEach([started]));

const counted = (name: string, labels: Record<string, string> = {}) => countedIn(billed.billing, name, labels);

const figures = async () => ({
  verified: await counted('payments_total', { outcome: 'verified' }),
  failed: await counted('payments_total', { outcome: 'failed' }),
  revenuePaise: await counted('revenue_paise_total'),
});

/** A user on Basic with a Premium checkout paid in the sandbox, not yet verified. */
async function paidCheckout() {
  const userId = randomUUID();
  await registerUser(billed.billing, userId, new Date());
  await subscribed(billed.billing, userId);
  const headers = await bearerFor(stack, userId);
  const created = await billed.billing.app.inject({ method: 'POST', url: '/api/subscription/create', headers, payload: { plan: 'premium' } });
  const subscriptionId = created.json<{ id: string }>().id;
  const triple = await billed.sandbox.pay(subscriptionId);
  const verify = (payload: object) => billed.billing.app.inject({ method: 'POST', url: '/api/subscription/verify-payment', headers, payload });
  return { subscriptionId, triple, verify };
}

describe('billing metrics', () => {
  it('counts a verified payment and its amount once, whether the checkout or the webhook reports it first or again', async () => {
    const before = await figures();
    const { triple, verify } = await paidCheckout();
    assert.equal((await verify(triple)).statusCode, 200);
    assert.equal((await verify(triple)).statusCode, 200);
    assert.equal((await billed.deliver(heldEvent(billed.held, 'subscription.charged'))).statusCode, 200);
    assert.deepEqual(await figures(), {
      ...before,
      verified: (before.verified ?? NaN) + 1,
      revenuePaise: (before.revenuePaise ?? NaN) + plans.premium.pricePaise,
    });
  });

  it('counts a payment that failed once, when its webhook first reports it', async () => {
    const { subscriptionId, triple, verify } = await paidCheckout();
    await verify(triple);
    const before = await figures();
    await billed.sandbox.failPayment(subscriptionId);
    const failed = heldEvent(billed.held, 'payment.failed');
    assert.equal((await billed.deliver(failed)).body.applied, true);
    assert.equal((await billed.deliver(failed)).body.applied, false);
    assert.deepEqual(await figures(), { ...before, failed: (before.failed ?? NaN) + 1 });
  });

  it('counts a checkout payment whose signature does not verify as a verification failure, and no payment', async () => {
    const before = await figures();
    const signatureFailures = await counted('payment_verification_failures_total', { reason: 'signature' });
    const { triple, verify } = await paidCheckout();
    const forged = await verify({ ...triple, razorpay_signature: 'f'.repeat(64) });
    assert.equal(forged.statusCode, 400);
    assert.equal(await counted('payment_verification_failures_total', { reason: 'signature' }), (signatureFailures ?? NaN) + 1);
    assert.equal(await counted('payment_verification_failures_total', { reason: 'not_paid' }), 0, 'every reason is exported at 0');
    assert.deepEqual(await figures(), before);
  });

  it('counts a webhook whose signature does not verify, and applies nothing', async () => {
    const failures = await counted('razorpay_webhook_signature_failures_total');
    const charged = heldEvent(billed.held, 'subscription.charged');
    const refused = await billed.deliver({ ...charged, headers: { ...charged.headers, 'x-razorpay-signature': '0'.repeat(64) } });
    assert.equal(refused.statusCode, 400);
    assert.equal(await counted('razorpay_webhook_signature_failures_total'), (failures ?? NaN) + 1);
  });
});
