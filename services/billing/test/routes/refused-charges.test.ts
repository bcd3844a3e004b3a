// A charge is applied only at the plan's price (249900 paise, INR), on the plan and a subscription
// of billing's own; any other, from verify-payment or a webhook, is recorded with its reason,
// counted for the alert, and changes nothing else. On PostgreSQL (where the races are real) and PGlite.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { plans } from '../../src/domain/plans.ts';
import { razorpaySignature } from '../../src/domain/signatures.ts';
import { VERIFY_FAILED } from '../../src/routes/subscription.ts';
import {
  TEST_KEYS,
  counted,
  customer,
  heldEvent,
  signedWebhook,
  startEachWithSandbox,
  startWithSandbox,
  stopEach,
  type Billing,
  type OnDatabase,
} from '../support/billing.ts';

interface Refusal {
  reason: string;
  source: string;
  payment_id: string | null;
  amount_paise: string | null;
  currency: string | null;
}

/** The refused charges recorded for a provider subscription, oldest first. */
async function refusalsOf(billing: Billing, providerSubscriptionId: string): Promise<Refusal[]> {
  const { rows } = await billing.deps.db.query<Refusal>(
    'SELECT reason, source, payment_id, amount_paise::text AS amount_paise, currency FROM refused_charges WHERE provider_subscription_id = $1 ORDER BY received_at',
    [providerSubscriptionId],
  );
  return rows;
}

/** The amount of each of the user's invoices. */
async function invoicedPaise(billing: Billing, userId: string): Promise<number[]> {
  const { rows } = await billing.deps.db.query<{ amount_paise: number }>(
    'SELECT amount_paise::int AS amount_paise FROM invoices WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((row) => row.amount_paise);
}

const refusedCount = (billing: Billing, reason: string) => counted(billing, 'charges_refused_total', { reason });

/**
 * subscription.charged as Razorpay would sign it for `subscriptionId`: a captured payment of the
 * plan's price in rupees on the plan billing uses, unless `change` says otherwise.
 */
function charged(subscriptionId: string, change: { amount?: number; currency?: string; planId?: string; paymentId?: string; paymentOf?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    entity: 'event',
    event: 'subscription.charged',
    contains: ['subscription', 'payment'],
    created_at: now,
    payload: {
      subscription: {
        entity: {
          id: subscriptionId,
          entity: 'subscription',
          plan_id: change.planId ?? TEST_KEYS.planId,
          status: 'active',
          current_start: now,
          current_end: now + 30 * 86_400,
        },
      },
      payment: {
        entity: {
          id: change.paymentId ?? `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
          entity: 'payment',
          amount: change.amount ?? plans.premium.pricePaise,
          currency: change.currency ?? 'INR',
          status: 'captured',
          subscription_id: change.paymentOf ?? subscriptionId,
        },
      },
    },
  };
}

let onEach: OnDatabase[] = [];
before(async () => {
  onEach = await startEachWithSandbox();
});
after(() => stopEach(onEach));

describe("a signed webhook whose charge is not the plan's", () => {
  it('is refused for a subscription created and never paid: Basic stays, no payment or invoice, the refusal recorded with its reason and counted', async () => {
    for (const each of onEach) {
      const { database } = each;
      const billing = each.billed.billing;
      for (const [reason, change] of [
        ['amount', { amount: 100 }],
        ['amount', { amount: plans.premium.pricePaise * 2 }],
        ['currency', { currency: 'USD' }],
        ['plan', { planId: 'plan_SomeoneElses01' }],
        ['subscription', { paymentOf: 'sub_SomeoneElses001' }],
      ] as const) {
        const user = await customer(each);
        const subscriptionId = await user.createPremium();
        const before = await refusedCount(billing, reason);
        const answer = await user.deliver(signedWebhook(charged(subscriptionId, change)));
        assert.deepEqual([answer.statusCode, answer.body], [200, { received: true, applied: false }], `${database}: ${reason}`);
        assert.equal((await user.subscription()).plan, 'basic', `${database}: ${reason}: no Premium`);
        assert.deepEqual(await user.counts(), { payments: 0, invoices: 0 }, `${database}: ${reason}: no payment, no invoice`);
        assert.deepEqual(
          (await refusalsOf(billing, subscriptionId)).map((r) => [r.reason, r.source]),
          [[reason, 'webhook']],
          `${database}: ${reason}: recorded`,
        );
        assert.equal(await refusedCount(billing, reason), (before ?? NaN) + 1, `${database}: ${reason}: counted`);
      }
    }
  });

  it('is refused for a subscription billing never created, and recorded', async () => {
    for (const each of onEach) {
      const billing = each.billed.billing;
      const before = await refusedCount(billing, 'subscription');
      const answer = await each.billed.deliver(signedWebhook(charged('sub_NotOneOfOurs01')));
      assert.deepEqual([answer.statusCode, answer.body], [200, { received: true, applied: false }], each.database);
      assert.deepEqual(
        (await refusalsOf(billing, 'sub_NotOneOfOurs01')).map((r) => r.reason),
        ['subscription'],
        each.database,
      );
      assert.equal(await refusedCount(billing, 'subscription'), (before ?? NaN) + 1, each.database);
    }
  });

  it('twenty identical at once: one refusal recorded and counted, nothing applied; then the right charge of the same payment applies once', async () => {
    for (const each of onEach) {
      const { database } = each;
      const billing = each.billed.billing;
      const user = await customer(each);
      const subscriptionId = await user.createPremium();
      const triple = await user.sandbox.pay(subscriptionId);
      // The payment Razorpay really took, reported first for 1 rupee.
      const underpaid = signedWebhook(charged(subscriptionId, { amount: 100, paymentId: triple.razorpay_payment_id }));
      const before = await refusedCount(billing, 'amount');
      const answers = await Promise.all(Array.from({ length: 20 }, () => user.deliver(underpaid)));
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        Array.from({ length: 20 }, () => 200),
        database,
      );
      assert.ok(
        answers.every((a) => a.body.applied === false),
        `${database}: none applied`,
      );
      assert.equal((await user.subscription()).plan, 'basic', database);
      assert.deepEqual(await user.counts(), { payments: 0, invoices: 0 }, database);
      assert.deepEqual(
        (await refusalsOf(billing, subscriptionId)).map((r) => [r.reason, r.payment_id, r.amount_paise, r.currency]),
        [['amount', triple.razorpay_payment_id, '100', 'INR']],
        database,
      );
      assert.equal(await refusedCount(billing, 'amount'), (before ?? NaN) + 1, `${database}: counted once`);

      // Razorpay's own report of the same payment, at the plan's price, and the checkout's proof.
      assert.equal((await user.deliver(heldEvent(user.held, 'subscription.charged'))).body.applied, true, database);
      assert.equal((await user.verify(triple)).statusCode, 200, database);
      const premium = await user.subscription();
      assert.deepEqual([premium.plan, premium.queriesLimit], ['premium', 50], database);
      assert.deepEqual(await invoicedPaise(billing, user.userId), [plans.premium.pricePaise], `${database}: one invoice, for the plan's price`);
      assert.equal((await user.verifiedEvents()).length, 1, database);
    }
  });

  it('a refused charge and the right one at the same moment: the right one applies, the refused one is recorded', async () => {
    for (const each of onEach) {
      const { database } = each;
      const user = await customer(each);
      const subscriptionId = await user.createPremium();
      const triple = await user.sandbox.pay(subscriptionId);
      const underpaid = signedWebhook(charged(subscriptionId, { amount: 100, paymentId: triple.razorpay_payment_id }));
      const right = heldEvent(user.held, 'subscription.charged');
      const answers = await Promise.all([...Array.from({ length: 10 }, () => user.deliver(underpaid)), user.deliver(right), user.verify(triple)]);
      assert.ok(
        answers.every((a) => a.statusCode === 200),
        database,
      );
      assert.equal((await user.subscription()).plan, 'premium', database);
      assert.deepEqual(await invoicedPaise(each.billed.billing, user.userId), [plans.premium.pricePaise], database);
      assert.deepEqual(
        (await refusalsOf(each.billed.billing, subscriptionId)).map((r) => r.reason),
        ['amount'],
        database,
      );
    }
  });
});

describe("verify-payment of a charge that is not the plan's", () => {
  it("is refused with 400 for someone else's payment signed with the key: recorded, and the payment still counts for its own subscription", async () => {
    for (const each of onEach) {
      const { database } = each;
      const payer = await customer(each);
      const payerSubscription = await payer.createPremium();
      const paid = await payer.sandbox.pay(payerSubscription);
      // The taker's own checkout went through at Razorpay, unconfirmed: the subscription has a cycle.
      const taker = await customer(each);
      const takerSubscription = await taker.createPremium();
      await taker.sandbox.pay(takerSubscription);
      const borrowed = {
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_subscription_id: takerSubscription,
        razorpay_signature: razorpaySignature(TEST_KEYS.keySecret, `${paid.razorpay_payment_id}|${takerSubscription}`),
      };
      const answer = await taker.verify(borrowed);
      assert.deepEqual([answer.statusCode, answer.body.error], [400, VERIFY_FAILED], database);
      assert.equal((await taker.subscription()).plan, 'basic', database);
      assert.deepEqual(await taker.counts(), { payments: 0, invoices: 0 }, database);
      assert.deepEqual(
        (await refusalsOf(each.billed.billing, takerSubscription)).map((r) => [r.reason, r.source]),
        [['subscription', 'verify-payment']],
        database,
      );
      assert.equal((await payer.verify(paid)).statusCode, 200, database);
      assert.equal((await payer.subscription()).plan, 'premium', database);
      assert.deepEqual(await payer.counts(), { payments: 1, invoices: 1 }, database);
    }
  });
});

describe('a Premium plan at Razorpay that charges another price (a 1-rupee test plan configured by mistake)', () => {
  let started: OnDatabase;
  before(async () => {
    started = await startWithSandbox({}, { amountPaise: 100 });
  });
  after(() => stopEach([started]));

  it('grants nothing: verify-payment answers 400 and its webhooks are refused, each recorded and counted once', async () => {
    const { billed } = started;
    const user = await customer(started);
    const subscriptionId = await user.createPremium();
    const triple = await user.sandbox.pay(subscriptionId);
    const before = await refusedCount(billed.billing, 'amount');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await user.verify(triple);
      assert.deepEqual([answer.statusCode, answer.body.error], [400, VERIFY_FAILED]);
    }
    assert.equal((await user.deliver(heldEvent(user.held, 'subscription.charged'))).body.applied, false);
    assert.equal((await user.subscription()).plan, 'basic');
    assert.deepEqual(await user.counts(), { payments: 0, invoices: 0 });
    assert.deepEqual(
      (await refusalsOf(billed.billing, subscriptionId)).map((r) => [r.reason, r.source, r.amount_paise]),
      [
        ['amount', 'verify-payment', '100'],
        ['amount', 'webhook', '100'],
      ],
    );
    assert.equal(await refusedCount(billed.billing, 'amount'), (before ?? NaN) + 2);
  });
});
