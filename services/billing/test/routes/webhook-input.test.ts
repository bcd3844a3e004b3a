// A webhook's body passes the checks every route's input passes, even signed: a NUL character
// (PostgreSQL cannot store one in text) or a field of the wrong type is a 400, and nothing changes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { customer, heldEvent, resigned, startWithSandbox, stopEach, type OnDatabase } from '../support/billing.ts';

let started: OnDatabase;
before(async () => {
  started = await startWithSandbox();
});
after(() => stopEach([started]));

interface Entities {
  payload: { subscription: { entity: Record<string, unknown> }; payment: { entity: Record<string, unknown> } };
  [key: string]: unknown;
}

const webhookEvents = async () => (await started.billed.billing.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_events')).rows[0]?.n;

describe('a signed webhook with a NUL or a wrong type', () => {
  it('answers 400 and changes nothing', async () => {
    const user = await customer(started);
    const subscriptionId = await user.createPremium();
    await user.sandbox.pay(subscriptionId);
    const charged = heldEvent(user.held, 'subscription.charged');
    const changes: [string, (body: Entities) => void][] = [
      ['a NUL in the payment id', (body) => (body.payload.payment.entity.id = `pay_\u0000${String(body.payload.payment.entity.id)}`)],
      ['a NUL in the subscription status', (body) => (body.payload.subscription.entity.status = 'active\u0000')],
      ['a NUL in a key', (body) => (body.payload.payment.entity['note\u0000'] = 'x')],
      ['an amount of 1.5 paise', (body) => (body.payload.payment.entity.amount = 1.5)],
      ['an amount as text', (body) => (body.payload.payment.entity.amount = '249900')],
      ['an amount beyond any integer column', (body) => (body.payload.payment.entity.amount = 1e300)],
      ['a time past the year 9999', (body) => (body.created_at = 1e20)],
      ['a cycle start that is not a time', (body) => (body.payload.subscription.entity.current_start = 'yesterday')],
      ['a subscription id of 10 000 characters', (body) => (body.payload.subscription.entity.id = `sub_${'A'.repeat(10_000)}`)],
    ];
    const events = await webhookEvents();
    for (const [what, change] of changes) {
      const changed = resigned(
        charged,
        (body) => {
          change(body as Entities);
        },
        `${what}-event`,
      );
      const answer = await user.deliver(changed);
      assert.equal(answer.statusCode, 400, `${what}: ${JSON.stringify(answer.body)}`);
      assert.equal((await user.subscription()).plan, 'basic', what);
      assert.deepEqual(await user.counts(), { payments: 0, invoices: 0 }, what);
    }
    assert.equal(await webhookEvents(), events, 'no event was logged');

    const halted = await user.sandbox.webhook('subscription.halted', subscriptionId);
    const answer = await user.deliver(
      resigned(halted, (body) => {
        (body as Entities).payload.subscription.entity.status = 'halted\u0000';
      }),
    );
    assert.equal(answer.statusCode, 400);
    const { rows } = await started.billed.billing.deps.db.query<{ status: string }>('SELECT status FROM provider_subscriptions WHERE id = $1', [
      subscriptionId,
    ]);
    assert.deepEqual(rows, [{ status: 'created' }], 'the provider status is as it was');

    // The same webhook unchanged still applies.
    assert.equal((await user.deliver(charged)).body.applied, true);
    assert.equal((await user.subscription()).plan, 'premium');
  });
});
