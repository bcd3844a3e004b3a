import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { webhookSignatureValid } from '../../src/domain/signatures.ts';
import { createRazorpayGateway } from '../../src/adapters/razorpay-gateway.ts';
import { startRazorpaySandbox } from '../../src/adapters/razorpay-sandbox.ts';
import { keys, rawCall, startSandbox, type Delivery } from './support.ts';

const unixOf = (iso: string) => Date.parse(iso) / 1000;

function assertSigned(delivery: Pick<Delivery, 'rawBody' | 'headers'>): void {
  assert.equal(delivery.headers['content-type'], 'application/json');
  assert.equal(webhookSignatureValid(keys.webhookSecret, delivery.rawBody, delivery.headers['x-razorpay-signature'] ?? ''), true);
  assert.match(delivery.headers['x-razorpay-event-id'] ?? '', /^[A-Za-z0-9]{14}$/);
}

describe('the Razorpay sandbox', () => {
  it('after the checkout delivers subscription.activated and subscription.charged, signed and shaped as Razorpay documents them', async (t) => {
    const { sandbox, gateway, delivered } = await startSandbox(t);
    const { id } = await gateway.createSubscription({ userId: 'user-1' });
    const proof = await sandbox.pay(id);

    assert.deepEqual(
      delivered.map((d) => d.body.event),
      ['subscription.activated', 'subscription.charged'],
    );
    for (const delivery of delivered) assertSigned(delivery);
    assert.notEqual(delivered[0]?.headers['x-razorpay-event-id'], delivered[1]?.headers['x-razorpay-event-id']);

    const charged = delivered[1]?.body;
    assert.ok(charged);
    assert.equal(charged.entity, 'event');
    assert.match(charged.account_id, /^acc_[A-Za-z0-9]{14}$/);
    assert.deepEqual(charged.contains, ['subscription', 'payment']);
    assert.equal(charged.created_at, unixOf('2026-01-31T10:00:00Z'));
    const subscription = charged.payload.subscription?.entity;
    assert.equal(subscription?.id, id);
    assert.equal(subscription.entity, 'subscription');
    assert.equal(subscription.plan_id, keys.planId);
    assert.equal(subscription.status, 'active');
    assert.equal(subscription.current_start, unixOf('2026-01-31T10:00:00Z'));
    assert.equal(subscription.current_end, unixOf('2026-02-28T10:00:00Z'));
    assert.equal(subscription.paid_count, 1);
    assert.deepEqual(subscription.notes, { user_id: 'user-1' });
    const payment = charged.payload.payment?.entity;
    assert.equal(payment?.id, proof.razorpay_payment_id);
    assert.equal(payment.entity, 'payment');
    assert.equal(payment.amount, 249_900);
    assert.equal(payment.currency, 'INR');
    assert.equal(payment.status, 'captured');
    assert.match(String(payment.invoice_id), /^inv_[A-Za-z0-9]{14}$/);
  });

  it('refuses to pay a subscription twice or one it does not know, and a refused webhook does not fail the checkout', async (t) => {
    const { sandbox, gateway } = await startSandbox(t, {
      deliverWebhook: () => Promise.reject(new Error('the receiver is down')),
    });
    const { id } = await gateway.createSubscription({ userId: 'user-2' });
    await sandbox.pay(id);
    assert.equal((await gateway.fetchSubscription(id)).status, 'active');
    await assert.rejects(sandbox.pay(id), /is active/);
    await assert.rejects(sandbox.pay('sub_DoesNotExist00'), /does not exist/);
  });

  it("renews from the previous cycle's end with a new captured payment and its subscription.charged", async (t) => {
    const { sandbox, gateway, delivered, clock } = await startSandbox(t);
    const { id } = await gateway.createSubscription({ userId: 'user-3' });
    const first = await sandbox.pay(id);
    clock.now = new Date('2026-02-28T10:00:05Z');
    const paymentId = await sandbox.renew(id);

    assert.notEqual(paymentId, first.razorpay_payment_id);
    const subscription = await gateway.fetchSubscription(id);
    assert.equal(subscription.currentStart?.toISOString(), '2026-02-28T10:00:00.000Z');
    assert.equal(subscription.currentEnd?.toISOString(), '2026-03-28T10:00:00.000Z');
    assert.equal((await gateway.fetchPayment(paymentId)).status, 'captured');
    const renewal = delivered.at(-1);
    assert.ok(renewal);
    assertSigned(renewal);
    assert.equal(renewal.body.event, 'subscription.charged');
    assert.equal(renewal.body.payload.payment?.entity.id, paymentId);
    assert.equal(renewal.body.payload.subscription?.entity.paid_count, 2);
  });

  it('fails a charge: payment.failed with the reason and the subscription id, then subscription.pending', async (t) => {
    const { sandbox, gateway, delivered } = await startSandbox(t);
    const { id } = await gateway.createSubscription({ userId: 'user-4' });
    await sandbox.pay(id);
    const paymentId = await sandbox.failPayment(id);

    const [failed, pending] = delivered.slice(2);
    assert.ok(failed && pending);
    assertSigned(failed);
    assertSigned(pending);
    assert.equal(failed.body.event, 'payment.failed');
    assert.deepEqual(failed.body.contains, ['payment']);
    const payment = failed.body.payload.payment?.entity;
    assert.equal(payment?.id, paymentId);
    assert.equal(payment.status, 'failed');
    assert.equal(payment.subscription_id, id);
    assert.equal(typeof payment.error_description, 'string');
    assert.ok(payment.error_description);
    assert.equal(pending.body.event, 'subscription.pending');
    assert.deepEqual(pending.body.contains, ['subscription', 'payment']);
    assert.equal(pending.body.payload.subscription?.entity.status, 'pending');
    assert.equal((await gateway.fetchSubscription(id)).status, 'pending');
    assert.equal((await gateway.fetchPayment(paymentId)).status, 'failed');
  });

  it('builds any subscription webhook, sets the status state events name, and leaves delivery to the caller', async (t) => {
    const { sandbox, gateway, delivered } = await startSandbox(t);
    const { id } = await gateway.createSubscription({ userId: 'user-5' });
    await sandbox.pay(id);
    const count = delivered.length;

    const halted = await sandbox.webhook('subscription.halted', id);
    assert.equal(delivered.length, count);
    assertSigned(halted);
    assert.equal((JSON.parse(halted.rawBody) as Delivery['body']).payload.subscription?.entity.status, 'halted');
    assert.equal((await gateway.fetchSubscription(id)).status, 'halted');
    const again = await sandbox.webhook('subscription.halted', id);
    assert.notEqual(again.headers['x-razorpay-event-id'], halted.headers['x-razorpay-event-id']);

    for (const [event, status] of [
      ['subscription.resumed', 'active'],
      ['subscription.paused', 'paused'],
      ['subscription.activated', 'active'],
      ['subscription.updated', 'active'],
      ['subscription.completed', 'completed'],
    ] as const) {
      const sent = await sandbox.sendEvent(event, id);
      assert.deepEqual(delivered.at(-1), { rawBody: sent.rawBody, headers: sent.headers, body: JSON.parse(sent.rawBody) as Delivery['body'] });
      assert.equal(delivered.at(-1)?.body.event, event);
      assert.equal((await gateway.fetchSubscription(id)).status, status, event);
    }
  });

  it('speaks the REST protocol: basic auth, Razorpay error bodies, and cancel_at_cycle_end as 1/0 or true/false', async (t) => {
    const { sandbox, gateway, delivered } = await startSandbox(t);
    const wrong = await rawCall(sandbox.url, 'GET', '/v1/payments/pay_AAAAAAAAAAAAAA', undefined, `${keys.keyId}:wrong`);
    assert.equal(wrong.status, 401);
    const body = (await wrong.json()) as { error: { code: string; description: string } };
    assert.equal(body.error.code, 'BAD_REQUEST_ERROR');
    assert.equal(typeof body.error.description, 'string');
    assert.equal((await rawCall(sandbox.url, 'GET', '/v1/orders')).status, 400);

    const scheduled = await gateway.createSubscription({ userId: 'user-6' });
    await sandbox.pay(scheduled.id);
    const atCycleEnd = await rawCall(sandbox.url, 'POST', `/v1/subscriptions/${scheduled.id}/cancel`, { cancel_at_cycle_end: true });
    assert.equal(((await atCycleEnd.json()) as { status: string }).status, 'active');

    const now = await gateway.createSubscription({ userId: 'user-7' });
    await sandbox.pay(now.id);
    const immediately = await rawCall(sandbox.url, 'POST', `/v1/subscriptions/${now.id}/cancel`, { cancel_at_cycle_end: 0 });
    const cancelled = (await immediately.json()) as { status: string; ended_at: number };
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.ended_at, unixOf('2026-01-31T10:00:00Z'));
    await sandbox.close(); // waits for the subscription.cancelled it sends in the background
    const last = delivered.at(-1);
    assert.ok(last);
    assertSigned(last);
    assert.equal(last.body.event, 'subscription.cancelled');
    assert.equal(last.body.payload.subscription?.entity.id, now.id);
  });

  it('keeps subscriptions and payments in the state file across a restart', async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'razorpay-sandbox-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const stateFile = join(dir, 'nested', 'state.json');
    const options = { ...keys, amountPaise: 249_900, stateFile, deliverWebhook: async () => undefined };

    const first = await startRazorpaySandbox(options);
    const before = createRazorpayGateway({ ...keys, timeoutMs: 2_000, apiUrl: first.url });
    const { id } = await before.createSubscription({ userId: 'user-8' });
    const proof = await first.pay(id);
    await before.cancelSubscription(id);
    const paid = await before.fetchSubscription(id);
    await first.close();

    assert.deepEqual(await readdir(join(dir, 'nested')), ['state.json']);
    assert.ok(JSON.parse(await readFile(stateFile, 'utf8')));

    const second = await startRazorpaySandbox(options);
    t.after(() => second.close());
    const after = createRazorpayGateway({ ...keys, timeoutMs: 2_000, apiUrl: second.url });
    assert.deepEqual(await after.fetchSubscription(id), paid);
    assert.equal((await after.fetchPayment(proof.razorpay_payment_id)).status, 'captured');
    // The cancellation scheduled before the restart still holds.
    await assert.rejects(second.renew(id), /does not renew/);
  });
});
