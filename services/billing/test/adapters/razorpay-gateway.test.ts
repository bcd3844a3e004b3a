import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, type TestContext } from 'node:test';
import { paymentSignatureValid } from '../../src/domain/signatures.ts';
import { PaymentProviderError } from '../../src/domain/payment-gateway.ts';
import { createRazorpayGateway } from '../../src/adapters/razorpay-gateway.ts';
import { keys, rawCall, startSandbox } from './support.ts';

/** A local HTTP server for what the sandbox never does: stall, or fail like an outage. */
async function startServer(t: TestContext, handle: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => assert.fail('the call should have failed'),
    (error: unknown) => error,
  );
  assert.ok(error instanceof PaymentProviderError, `expected a PaymentProviderError, got ${String(error)}`);
  return error;
}

describe('createRazorpayGateway (the razorpay SDK against the sandbox)', () => {
  it('creates a monthly ten-year subscription to the plan carrying the user id, and fetches it', async (t) => {
    const { sandbox, gateway } = await startSandbox(t);
    const created = await gateway.createSubscription({ userId: 'user-1' });
    assert.match(created.id, /^sub_[A-Za-z0-9]{14}$/);
    assert.deepEqual(created, {
      id: created.id,
      planId: keys.planId,
      status: 'created',
      currentStart: null,
      currentEnd: null,
      endedAt: null,
      notes: { user_id: 'user-1' },
    });
    assert.deepEqual(await gateway.fetchSubscription(created.id), created);

    const raw = (await (await rawCall(sandbox.url, 'GET', `/v1/subscriptions/${created.id}`)).json()) as Record<string, unknown>;
    assert.equal(raw.total_count, 120);
    assert.equal(raw.customer_notify, true);
    assert.equal(gateway.keyId, keys.keyId);
    assert.equal(gateway.testMode, true);
  });

  it('reads the paid cycle and the payment after the checkout, in dates from unix seconds', async (t) => {
    const { sandbox, gateway } = await startSandbox(t);
    const { id } = await gateway.createSubscription({ userId: 'user-2' });
    const proof = await sandbox.pay(id);

    const subscription = await gateway.fetchSubscription(id);
    assert.equal(subscription.status, 'active');
    // 31 January 15:30 in India plus one calendar month is 28 February 15:30 in India.
    assert.equal(subscription.currentStart?.toISOString(), '2026-01-31T10:00:00.000Z');
    assert.equal(subscription.currentEnd?.toISOString(), '2026-02-28T10:00:00.000Z');
    assert.equal(subscription.endedAt, null);

    assert.deepEqual(await gateway.fetchPayment(proof.razorpay_payment_id), {
      id: proof.razorpay_payment_id,
      amountPaise: 249_900,
      currency: 'INR',
      status: 'captured',
      subscriptionId: id,
      createdAt: new Date('2026-01-31T10:00:00Z'),
    });
  });

  it("hands back the checkout's proof, signed with the key secret; a tampered proof fails", async (t) => {
    const { sandbox, gateway } = await startSandbox(t);
    const { id } = await gateway.createSubscription({ userId: 'user-3' });
    const proof = await sandbox.pay(id);
    assert.equal(proof.razorpay_subscription_id, id);
    assert.match(proof.razorpay_payment_id, /^pay_[A-Za-z0-9]{14}$/);
    const valid = { paymentId: proof.razorpay_payment_id, subscriptionId: id, signature: proof.razorpay_signature };
    assert.equal(paymentSignatureValid(keys.keySecret, valid), true);
    assert.equal(paymentSignatureValid(keys.keySecret, { ...valid, subscriptionId: 'sub_AAAAAAAAAAAAAA' }), false);
    assert.equal(paymentSignatureValid(keys.keySecret, { ...valid, signature: valid.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) }), false);
    assert.equal(paymentSignatureValid('another-secret', valid), false);
  });

  it('cancels at the end of the cycle: Razorpay keeps it active, without ended_at, until then', async (t) => {
    const { sandbox, gateway } = await startSandbox(t);
    const { id } = await gateway.createSubscription({ userId: 'user-4' });
    await sandbox.pay(id);
    const paid = await gateway.fetchSubscription(id);

    const cancelled = await gateway.cancelSubscription(id);
    assert.deepEqual(cancelled, paid);
    assert.deepEqual(await gateway.fetchSubscription(id), paid);
    await assert.rejects(sandbox.renew(id), /does not renew/);

    // The cycle ends: Razorpay cancels it then, and reports the end of the paid cycle.
    await sandbox.sendEvent('subscription.cancelled', id);
    const ended = await gateway.fetchSubscription(id);
    assert.equal(ended.status, 'cancelled');
    assert.equal(ended.endedAt?.toISOString(), '2026-02-28T10:00:00.000Z');
    const refused = await providerError(gateway.cancelSubscription(id));
    assert.equal(refused.statusCode, 400);
    assert.match(refused.message, /not cancellable in cancelled status/);
  });

  it("turns Razorpay's refusals into PaymentProviderError with the HTTP status: a wrong key is 401, an unknown id 400", async (t) => {
    const { sandbox, gateway } = await startSandbox(t);
    const { id } = await gateway.createSubscription({ userId: 'user-5' });
    const wrongKey = createRazorpayGateway({ ...keys, keySecret: 'not-the-secret', timeoutMs: 2_000, apiUrl: sandbox.url });
    const unauthorised = await providerError(wrongKey.fetchSubscription(id));
    assert.equal(unauthorised.statusCode, 401);
    assert.match(unauthorised.message, /Authentication failed/);

    assert.equal((await providerError(gateway.fetchSubscription('sub_DoesNotExist00'))).statusCode, 400);
    assert.equal((await providerError(gateway.fetchPayment('pay_DoesNotExist00'))).statusCode, 400);
    const otherPlan = createRazorpayGateway({ ...keys, planId: 'plan_Unknown0000001', timeoutMs: 2_000, apiUrl: sandbox.url });
    assert.equal((await providerError(otherPlan.createSubscription({ userId: 'user-5' }))).statusCode, 400);
  });

  it('reports an outage answered without a Razorpay error body with its status', async (t) => {
    const { url } = await startServer(t, (_request, response) => response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>'));
    const gateway = createRazorpayGateway({ ...keys, timeoutMs: 2_000, apiUrl: url });
    const error = await providerError(gateway.fetchSubscription('sub_AAAAAAAAAAAAAA'));
    assert.equal(error.statusCode, 503);
  });

  it('gives up on a provider that never answers within timeoutMs', { timeout: 5_000 }, async (t) => {
    let received = 0;
    // Accepts the request and never answers it.
    const { url } = await startServer(t, () => {
      received += 1;
    });
    const gateway = createRazorpayGateway({ ...keys, timeoutMs: 300, apiUrl: url });
    const started = performance.now();
    const error = await providerError(gateway.createSubscription({ userId: 'user-6' }));
    const elapsed = performance.now() - started;
    assert.equal(received, 1);
    assert.equal(error.statusCode, undefined);
    assert.ok(elapsed >= 250 && elapsed < 1_500, `gave up after ${Math.round(elapsed)} ms`);
  });

  it('reports a refused connection', async (t) => {
    // A port that was free a moment ago: nothing listens there.
    const { server, url } = await startServer(t, () => undefined);
    await new Promise((resolve) => server.close(resolve));
    const gateway = createRazorpayGateway({ ...keys, timeoutMs: 2_000, apiUrl: url });
    const error = await providerError(gateway.fetchPayment('pay_AAAAAAAAAAAAAA'));
    assert.equal(error.statusCode, undefined);
    assert.match(error.message, /fetch payment/);
  });
});
