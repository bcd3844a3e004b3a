// Premium's life cycle through the real Razorpay SDK against the tests' sandbox: create, the
// checkout's payment verified, webhooks in any order and number, renewal, cancel; on PGlite and,
// when the environment has it, on PostgreSQL, where the races are real.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { addIndiaMonths } from '@betterplus/kit';
import { published } from '@betterplus/kit/testing';
import { PaymentFailedEvent, SubscriptionCancelledEvent } from '@betterplus/events';
import { PREMIUM_ACTIVE, VERIFY_FAILED } from '../../src/routes/subscription.ts';
import { customer, heldEvent, resigned, startEachWithSandbox, stopEach, type OnDatabase } from '../support/billing.ts';

let onEach: OnDatabase[] = [];
before(async () => {
  onEach = await startEachWithSandbox();
});
after(() => stopEach(onEach));

describe('Premium through Razorpay', () => {
  it('creates a provider subscription, and starts Premium once the paid checkout is verified: 50 queries for a month from the current start', async () => {
    for (const each of onEach) {
      const { database } = each;
      const user = await customer(each);
      const created = await user.call('POST', '/api/subscription/create', { plan: 'premium' });
      assert.equal(created.statusCode, 200, database);
      assert.match(created.body.id ?? '', /^sub_[A-Za-z0-9]{14}$/);
      assert.deepEqual([created.body.keyId, created.body.testMode], ['rzp_test_billingtests', false]);
      const triple = await user.sandbox.pay(created.body.id ?? '');
      const verified = await user.verify(triple);
      assert.equal(verified.statusCode, 200, `${database}: ${JSON.stringify(verified.body)}`);
      const charged = JSON.parse(heldEvent(user.held, 'subscription.charged').rawBody) as { payload: { subscription: { entity: { current_start: number } } } };
      const currentStart = charged.payload.subscription.entity.current_start;
      assert.deepEqual(await user.subscription(), {
        plan: 'premium',
        active: true,
        status: 'active',
        queriesUsed: 0,
        queriesLimit: 50,
        endDate: addIndiaMonths(new Date(currentStart * 1000), 1).toISOString(),
      });
      assert.deepEqual(await user.counts(), { payments: 1, invoices: 1 });
    }
  });

  it('records one payment and one invoice per charge: a replayed verify, the webhook after, before, or at the same time', async () => {
    for (const each of onEach) {
      const { database } = each;
      // verify, verify again, then the webhooks (twice)
      const first = await customer(each);
      const firstTriple = await first.sandbox.pay(await first.createPremium());
      assert.equal((await first.verify(firstTriple)).statusCode, 200);
      assert.equal((await first.verify(firstTriple)).statusCode, 200, 'a replayed verify answers as the first did');
      const charged = heldEvent(first.held, 'subscription.charged');
      assert.equal((await first.deliver(charged)).body.applied, true, `${database}: the webhook's event is logged`);
      assert.equal((await first.deliver(charged)).body.applied, false, `${database}: its replay changes nothing`);
      assert.deepEqual(await first.counts(), { payments: 1, invoices: 1 }, database);
      assert.equal((await first.verifiedEvents()).length, 1, database);

      // the webhooks first, then verify
      const second = await customer(each);
      const secondTriple = await second.sandbox.pay(await second.createPremium());
      await second.deliver(heldEvent(second.held, 'subscription.activated'));
      await second.deliver(heldEvent(second.held, 'subscription.charged'));
      assert.equal((await second.subscription()).plan, 'premium', `${database}: the webhook alone starts Premium`);
      assert.equal((await second.verify(secondTriple)).statusCode, 200);
      assert.deepEqual(await second.counts(), { payments: 1, invoices: 1 }, database);

      // everything at once, twice over
      const third = await customer(each);
      const thirdTriple = await third.sandbox.pay(await third.createPremium());
      const thirdCharged = heldEvent(third.held, 'subscription.charged');
      const answers = await Promise.all([third.verify(thirdTriple), third.deliver(thirdCharged), third.verify(thirdTriple), third.deliver(thirdCharged)]);
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        [200, 200, 200, 200],
        database,
      );
      assert.deepEqual(await third.counts(), { payments: 1, invoices: 1 }, database);
      assert.equal((await third.verifiedEvents()).length, 1, `${database}: one PaymentVerified`);
      assert.equal((await third.subscription()).queriesLimit, 50);
    }
  });

  it("refuses a forged or someone else's payment with 400, changing nothing", async () => {
    for (const each of onEach) {
      const { database } = each;
      const owner = await customer(each);
      const other = await customer(each);
      const triple = await owner.sandbox.pay(await owner.createPremium());
      const forged = { ...triple, razorpay_signature: triple.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) };
      for (const [who, attempt] of [
        [owner, forged],
        [other, triple],
        [owner, { ...triple, razorpay_payment_id: 'pay_AAAAAAAAAAAAAA' }],
      ] as const) {
        const answer = await who.verify(attempt);
        assert.equal(answer.statusCode, 400, database);
        assert.equal(answer.body.error, VERIFY_FAILED);
        assert.equal((await who.subscription()).plan, 'basic');
        assert.deepEqual(await who.counts(), { payments: 0, invoices: 0 });
      }
      const wrongType = await owner.call('POST', '/api/subscription/verify-payment', {
        razorpay_payment_id: 42,
        razorpay_subscription_id: triple.razorpay_subscription_id,
        razorpay_signature: triple.razorpay_signature,
      });
      assert.equal(wrongType.statusCode, 400);
    }
  });

  it("refuses free while Premium is active, with the spec's message, and keeps Basic for a Basic user", async () => {
    const each = onEach[0] ?? assert.fail('no billing started');
    const basic = await customer(each);
    assert.deepEqual((await basic.call('POST', '/api/subscription/create', { plan: 'free' })).body.plan, 'basic');
    const premium = await customer(each);
    await premium.verify(await premium.sandbox.pay(await premium.createPremium()));
    const refused = await premium.call('POST', '/api/subscription/create', { plan: 'free' });
    assert.deepEqual([refused.statusCode, refused.body.error], [409, PREMIUM_ACTIVE]);
    assert.equal((await premium.call('POST', '/api/subscription/create', { plan: 'gold' })).statusCode, 400);
  });

  it('renews with a later charge: a new period, a new invoice, the allowance reset', async () => {
    for (const each of onEach) {
      const { database } = each;
      const user = await customer(each);
      const subscriptionId = await user.createPremium();
      await user.verify(await user.sandbox.pay(subscriptionId));
      await each.billed.billing.deps.db.query('UPDATE subscriptions SET queries_used = 12 WHERE user_id = $1', [user.userId]);
      const before = await user.subscription();
      await user.sandbox.renew(subscriptionId);
      assert.equal((await user.deliver(heldEvent(user.held, 'subscription.charged'))).body.applied, true);
      const renewed = await user.subscription();
      assert.deepEqual([renewed.plan, renewed.queriesUsed, renewed.queriesLimit], ['premium', 0, 50], database);
      assert.ok(new Date(renewed.endDate) > new Date(before.endDate), `${database}: the period moved on`);
      assert.deepEqual(await user.counts(), { payments: 2, invoices: 2 });
    }
  });

  it('cancels at the end of the cycle: status cancelled, plan and end date kept, once', async () => {
    for (const each of onEach) {
      const { database } = each;
      const user = await customer(each);
      const subscriptionId = await user.createPremium();
      await user.verify(await user.sandbox.pay(subscriptionId));
      const before = await user.subscription();
      const [first, second] = await Promise.all([user.call('POST', '/api/subscription/cancel'), user.call('POST', '/api/subscription/cancel')]);
      assert.deepEqual([first.statusCode, second.statusCode].sort(), [200, 409], database);
      assert.deepEqual(await user.subscription(), { ...before, active: false, status: 'cancelled' });
      // Razorpay's own report of the cancellation changes nothing more.
      await user.deliver(await user.sandbox.sendEvent('subscription.cancelled', subscriptionId));
      assert.equal((await user.subscription()).status, 'cancelled');
      assert.equal((await published(each.billed.billing, SubscriptionCancelledEvent)).filter((e) => e.key === user.userId).length, 1, database);
      assert.equal((await user.call('POST', '/api/subscription/cancel')).statusCode, 409, 'nothing left to cancel');
      assert.equal((await user.call('POST', '/api/subscription/create', { plan: 'free' })).statusCode, 200, 'free after a cancelled Premium');
      assert.equal((await user.subscription()).plan, 'premium', 'Premium is kept until its end');
    }
  });
});

describe('Razorpay webhooks', () => {
  it('refuses a bad signature or body with 400, and a charge of a subscription billing did not create with 200, applying nothing', async () => {
    const each = onEach[0] ?? assert.fail('no billing started');
    const user = await customer(each);
    await user.sandbox.pay(await user.createPremium());
    const charged = heldEvent(user.held, 'subscription.charged');
    assert.equal((await user.deliver({ ...charged, headers: { ...charged.headers, 'x-razorpay-signature': 'f'.repeat(64) } })).statusCode, 400);
    assert.equal(
      (await user.deliver({ rawBody: charged.rawBody.replace('"captured"', '"failed"'), headers: charged.headers })).statusCode,
      400,
      'a body changed after signing',
    );
    assert.equal((await user.deliver(resigned({ rawBody: '{}', headers: charged.headers }, () => undefined))).statusCode, 400);
    assert.deepEqual(await user.counts(), { payments: 0, invoices: 0 });
    const stranger = resigned(
      charged,
      (body) => {
        (body.payload as { subscription: { entity: { id: string } } }).subscription.entity.id = 'sub_NOTOURS000000';
      },
      randomUUID(),
    );
    assert.deepEqual((await user.deliver(stranger)).body, { received: true, applied: false });
    assert.deepEqual(await user.counts(), { payments: 0, invoices: 0 });
  });

  it('never moves a subscription backwards: a halt then an older activation, a cancellation then anything', async () => {
    for (const each of onEach) {
      const { database } = each;
      const user = await customer(each);
      const subscriptionId = await user.createPremium();
      await user.verify(await user.sandbox.pay(subscriptionId));
      const activated = heldEvent(user.held, 'subscription.activated');
      const halted = await user.sandbox.sendEvent('subscription.halted', subscriptionId);
      await user.deliver(halted);
      assert.deepEqual([(await user.subscription()).status, (await user.subscription()).active], ['halted', false], database);
      // An activation raised before the halt, delivered late.
      await user.deliver(
        resigned(
          activated,
          (body) => {
            body.created_at = (body.created_at as number) - 3600;
          },
          randomUUID(),
        ),
      );
      assert.equal((await user.subscription()).status, 'halted', `${database}: an older report is ignored`);
      await user.deliver(await user.sandbox.sendEvent('subscription.resumed', subscriptionId));
      assert.equal((await user.subscription()).status, 'active', `${database}: a newer one applies`);
      await user.deliver(await user.sandbox.sendEvent('subscription.cancelled', subscriptionId));
      assert.equal((await user.subscription()).status, 'cancelled');
      await user.deliver(
        resigned(
          activated,
          (body) => {
            body.created_at = Math.floor(Date.now() / 1000) + 60;
          },
          randomUUID(),
        ),
      );
      assert.equal((await user.subscription()).status, 'cancelled', `${database}: a cancelled subscription stays cancelled`);
    }
  });

  it('tells notifications of a failed payment once, whether payment.failed or subscription.pending says it first, and lets a halted Premium be cancelled', async () => {
    const each = onEach[0] ?? assert.fail('no billing started');
    const user = await customer(each);
    const subscriptionId = await user.createPremium();
    await user.verify(await user.sandbox.pay(subscriptionId));
    await user.sandbox.failPayment(subscriptionId);
    const pending = heldEvent(user.held, 'subscription.pending');
    const failed = heldEvent(user.held, 'payment.failed');
    assert.equal((await user.deliver(pending)).body.applied, true);
    assert.equal((await user.deliver(failed)).body.applied, true);
    const events = (await published(each.billed.billing, PaymentFailedEvent)).filter((e) => e.key === user.userId);
    assert.equal(events.length, 1);
    assert.equal(events[0]?.payload.providerSubscriptionId, subscriptionId);
    assert.equal((await user.subscription()).plan, 'premium', 'Razorpay retries: Premium stays');
    await user.deliver(await user.sandbox.sendEvent('subscription.halted', subscriptionId));
    assert.equal((await user.subscription()).status, 'halted');
    assert.equal((await user.call('POST', '/api/subscription/cancel')).statusCode, 200, 'a halted Premium can be cancelled');
    assert.equal((await user.subscription()).status, 'cancelled');
  });
});
