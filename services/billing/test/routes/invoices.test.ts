// Invoices and the customer's GST details, through the embedded sandbox's checkout (TEST MODE),
// as `npm start` runs billing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { bearerFor, registerUser, startBilling, subscribed, type Billing } from '../support/billing.ts';

let stack: TestStack;
let billing: Billing;
before(async () => {
  ({ stack, billing } = await startBilling());
});
after(() => stack.close());

interface Invoice {
  id: number;
  number: string;
  amount: number;
  plan: string;
  payment_id: string;
  taxable_amount: number;
  tax: { rate: number; cgst: number; sgst: number; igst: number; local_tax: string };
  place_of_supply: { code: string; name: string };
  buyer: { name: string; email: string; gstin: string | null };
  amount_in_words: string;
}

async function signedIn() {
  const userId = randomUUID();
  await registerUser(billing, userId, new Date());
  await subscribed(billing, userId);
  const headers = await bearerFor(stack, userId);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => billing.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** Premium bought through the sandbox checkout, as the web app's TEST MODE dialog does. */
  const buyPremium = async () => {
    const created = (await call('POST', '/api/subscription/create', { plan: 'premium' })).json<{ id: string; testMode: boolean }>();
    assert.equal(created.testMode, true, 'npm start runs the sandbox');
    const paid = await call('POST', '/dev/razorpay/pay', { subscription_id: created.id });
    assert.equal(paid.statusCode, 200);
    assert.equal((await call('POST', '/api/subscription/verify-payment', paid.json())).statusCode, 200);
    return created.id;
  };
  return { userId, call, buyPremium };
}

describe('invoices', () => {
  it('issues a GST invoice per payment: INV- number, 249900 paise, CGST and SGST within the supplier state, listed and shown only to their owner', async () => {
    const asha = await signedIn();
    const subscriptionId = await asha.buyPremium();
    const list = (await asha.call('GET', '/api/invoices')).json<Invoice[]>();
    assert.equal(list.length, 1);
    const [invoice] = list;
    assert.ok(invoice);
    assert.match(invoice.number, /^INV-\d{6}$/);
    assert.equal(invoice.number, `INV-${String(invoice.id).padStart(6, '0')}`);
    assert.deepEqual(
      {
        amount: invoice.amount,
        plan: invoice.plan,
        taxable: invoice.taxable_amount,
        tax: invoice.tax,
        place: invoice.place_of_supply.code,
        words: invoice.amount_in_words,
        name: invoice.buyer.name,
      },
      {
        amount: 249_900,
        plan: 'premium',
        taxable: 211_780,
        tax: { rate: 18, cgst: 19_060, sgst: 19_060, igst: 0, local_tax: 'SGST' },
        place: '29',
        words: 'Rupees Two Thousand Four Hundred Ninety-Nine Only',
        name: 'Asha Rao',
      },
    );
    assert.deepEqual((await asha.call('GET', `/api/invoices/${String(invoice.id)}`)).json<Invoice>(), invoice);
    const pdf = await asha.call('GET', `/api/invoices/${String(invoice.id)}/pdf`);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.match(String(pdf.headers['content-disposition']), new RegExp(`filename="${invoice.number}.pdf"`));
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');

    const ravi = await signedIn();
    assert.deepEqual((await ravi.call('GET', '/api/invoices')).json(), []);
    for (const url of [`/api/invoices/${String(invoice.id)}`, `/api/invoices/${String(invoice.id)}/pdf`])
      assert.equal((await ravi.call('GET', url)).statusCode, 404, url);
    assert.equal((await ravi.call('GET', '/api/invoices/abc')).statusCode, 400);
    assert.equal((await ravi.call('POST', '/dev/razorpay/pay', { subscription_id: subscriptionId })).statusCode, 404, "nobody pays someone else's checkout");
  });

  it("takes IGST for a buyer in another state, with the buyer's GSTIN, and refuses details that are not valid", async () => {
    const buyer = await signedIn();
    const details = await buyer.call('GET', '/api/subscription/billing-details');
    assert.equal(details.statusCode, 200);
    assert.ok(details.json<{ states: { code: string }[] }>().states.some((state) => state.code === '27'));
    for (const [payload, code] of [
      [{ stateCode: '27', gstin: '27AAACR5055K1Z8' }, 'BILLING_INVALID_GSTIN'],
      [{ stateCode: '99', gstin: null }, 'BILLING_INVALID_STATE'],
      [{ stateCode: '29', gstin: '27AAACR5055K1Z7' }, 'BILLING_GSTIN_STATE_MISMATCH'],
    ] as const) {
      const refused = await buyer.call('PUT', '/api/subscription/billing-details', payload);
      assert.deepEqual([refused.statusCode, refused.json<{ code: string }>().code], [400, code]);
    }
    const saved = await buyer.call('PUT', '/api/subscription/billing-details', { stateCode: '27', gstin: '27aaacr5055k1z7' });
    assert.deepEqual(saved.json<{ stateCode: string; gstin: string }>().gstin, '27AAACR5055K1Z7');
    await buyer.buyPremium();
    const [invoice] = (await buyer.call('GET', '/api/invoices')).json<Invoice[]>();
    assert.deepEqual([invoice?.tax.igst, invoice?.tax.cgst, invoice?.place_of_supply.code, invoice?.buyer.gstin], [38_120, 0, '27', '27AAACR5055K1Z7']);
  });
});
