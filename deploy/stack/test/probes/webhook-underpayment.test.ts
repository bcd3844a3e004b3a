// Probe (issue 22, hole 2), through the gateway of the embedded stack: a subscription.charged for
// 1 rupee on a subscription created and never paid. The webhook secret that stood in the source
// signs nothing any more; and signed with the install's own secret (a leaked one, or Razorpay
// charging a wrongly priced plan) a charge that is not the plan's price grants nothing: it is
// recorded and counted for the alert, once however often it arrives.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EmbeddedStack } from '../../src/embedded-stack.ts';
import { PREMIUM_PAISE, accountState, postWebhook, razorpayEvent, sandboxSecrets, unpaidPremiumCheckout } from '../support/razorpay-webhooks.ts';
import { startThrowawayStack } from '../support/throwaway-stack.ts';

/** The sandbox's webhook secret as it stood in billing's source, before each install made its own. */
const SECRET_FROM_THE_SOURCE = 'sandbox-webhook-secret';

describe('probe: a signed subscription.charged for 1 rupee, through the gateway', () => {
  let stack: EmbeddedStack;
  before(async () => {
    stack = await startThrowawayStack();
  });
  after(() => stack.stop());

  /** charges_refused_total by reason, from billing's /metrics. */
  async function refusedCounts(): Promise<Record<string, number>> {
    const text = await (await fetch(`${stack.services.billing.url ?? ''}/metrics`)).text();
    return Object.fromEntries(
      [...text.matchAll(/^charges_refused_total\{[^}]*\breason="(\w+)"[^}]*\} (\d+)$/gm)].map((match): [string, number] => [match[1] ?? '', Number(match[2])]),
    );
  }

  it('signed with the secret that stood in the source: 400, Basic stays, no invoice', async () => {
    const { auth, subscriptionId } = await unpaidPremiumCheckout(stack, 'Ravi Kumar');
    const answer = await postWebhook(stack.url, razorpayEvent('subscription.charged', subscriptionId, { amount: 100 }), SECRET_FROM_THE_SOURCE);
    assert.equal(answer.status, 400, await answer.text());
    assert.deepEqual(await accountState(stack.url, auth), { plan: 'basic', invoices: 0 });
  });

  it("signed with the install's own secret: refused and recorded, twenty at once counted once; the real checkout then gives Premium", async () => {
    const { auth, subscriptionId } = await unpaidPremiumCheckout(stack, 'Sunita Devi');
    const { webhookSecret } = await sandboxSecrets(stack.services.billing.deps.config.DATA_DIR);
    assert.notEqual(webhookSecret, SECRET_FROM_THE_SOURCE);
    const before = await refusedCounts();

    const underpaid = razorpayEvent('subscription.charged', subscriptionId, { amount: 100 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(stack.url, underpaid, webhookSecret, 'evt_underpaid000001')));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array.from({ length: 20 }, () => 200),
    );
    const inDollars = await postWebhook(stack.url, razorpayEvent('subscription.charged', subscriptionId, { currency: 'USD' }), webhookSecret);
    assert.equal(inDollars.status, 200);
    assert.deepEqual(await accountState(stack.url, auth), { plan: 'basic', invoices: 0 });

    const { rows } = await stack.services.billing.deps.db.query<{ reason: string; amount_paise: string; currency: string }>(
      'SELECT reason, amount_paise::text AS amount_paise, currency FROM refused_charges WHERE provider_subscription_id = $1 ORDER BY received_at',
      [subscriptionId],
    );
    assert.deepEqual(rows, [
      { reason: 'amount', amount_paise: '100', currency: 'INR' },
      { reason: 'currency', amount_paise: String(PREMIUM_PAISE), currency: 'USD' },
    ]);
    const after = await refusedCounts();
    assert.deepEqual([after.amount, after.currency], [(before.amount ?? NaN) + 1, (before.currency ?? NaN) + 1]);

    const paid = await fetch(`${stack.url}/dev/razorpay/pay`, {
      method: 'POST',
      body: JSON.stringify({ subscription_id: subscriptionId }),
      headers: { 'content-type': 'application/json', ...auth },
    });
    assert.equal(paid.status, 200);
    const verified = await fetch(`${stack.url}/api/subscription/verify-payment`, {
      method: 'POST',
      body: await paid.text(),
      headers: { 'content-type': 'application/json', ...auth },
    });
    assert.equal(verified.status, 200);
    assert.deepEqual(await accountState(stack.url, auth), { plan: 'premium', invoices: 1 });
  });
});
