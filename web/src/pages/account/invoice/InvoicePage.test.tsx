import '../../../../test/support/dom.ts';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../../test/support/app.tsx';
import type { Invoice } from '../../../billing/api.ts';

const karnataka = { code: '29', name: 'Karnataka' };

const invoice: Invoice = {
  id: 7,
  number: 'BP-2026-000007',
  amount: 249_900,
  created_at: '2026-11-24T05:00:00.000Z',
  plan: 'premium',
  payment_id: 'pay_TEST123',
  currency: 'INR',
  period_start: '2026-11-24T05:00:00.000Z',
  period_end: '2026-12-24T05:00:00.000Z',
  sac: '998431',
  taxable_amount: 211_780,
  tax: { rate: 18, cgst: 19_060, sgst: 19_060, igst: 0, local_tax: 'SGST' },
  place_of_supply: karnataka,
  supplier: { name: 'Better+ Knowledge Pvt Ltd', address: 'MG Road\nBengaluru', gstin: '29ABCDE1234F1Z5', state: karnataka },
  buyer: { name: 'Asha Rao', email: 'asha@example.in', gstin: null, state: karnataka },
  amount_in_words: 'Two thousand four hundred ninety-nine rupees only',
};

const openInvoice = (answer: Parameters<typeof renderApp>[1] = {}) => renderApp('/invoices/7', { signedIn: true, ...answer });

const totals = async () => within(await screen.findByRole('table', { name: 'Totals' }));

describe('the invoice page', () => {
  it('shows the tax invoice: number, parties, the item and CGST and SGST within a state', async () => {
    openInvoice({ routes: { 'GET /api/invoices/7': { body: invoice } } });
    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Tax Invoice' }));
    assert.ok(screen.getByText('BP-2026-000007'));
    assert.ok(screen.getByText('Better+ Knowledge Pvt Ltd'));
    assert.ok(screen.getByText('GSTIN: 29ABCDE1234F1Z5'));
    assert.ok(screen.getByText('Better+ Premium Plan, monthly subscription'));
    const rows = await totals();
    assert.ok(rows.getByRole('rowheader', { name: 'CGST @ 9%' }));
    assert.ok(rows.getByRole('rowheader', { name: 'SGST @ 9%' }));
    assert.equal(rows.queryByRole('rowheader', { name: /IGST/ }), null);
    assert.ok(rows.getByRole('row', { name: 'Total (INR) ₹2,499.00' }));
    assert.ok(screen.getByText(invoice.amount_in_words));
  });

  it('shows IGST alone for a supply to another state', async () => {
    const interState = { ...invoice, tax: { ...invoice.tax, cgst: 0, sgst: 0, igst: 38_120 }, place_of_supply: { code: '27', name: 'Maharashtra' } };
    openInvoice({ routes: { 'GET /api/invoices/7': { body: interState } } });
    const rows = await totals();
    assert.ok(rows.getByRole('row', { name: 'IGST @ 18% ₹381.20' }));
    assert.equal(rows.queryByRole('rowheader', { name: /CGST/ }), null);
  });

  it('says the invoice could not be fetched when the server refuses it, and offers the way back', async () => {
    openInvoice({ routes: { 'GET /api/invoices/7': { status: 404, body: { error: 'Invoice not found' } } } });
    assert.ok(await screen.findByText('Failed to fetch invoice'));
    assert.ok(screen.getByRole('button', { name: /Go Back/ }));
  });

  it('fetches the PDF with the token, and says so when the download fails', async () => {
    const { user, network } = openInvoice({
      routes: { 'GET /api/invoices/7': { body: invoice }, 'GET /api/invoices/7/pdf': { status: 404, body: { error: 'Not Found' } } },
    });
    await user.click(await screen.findByRole('button', { name: /Download PDF/ }));
    assert.ok(await screen.findByText('Failed to download the invoice. Please try again.'));
    const [call] = network.callsTo('GET /api/invoices/7/pdf');
    assert.equal(call?.headers.get('Authorization'), 'Bearer test-token');
    assert.equal(call.headers.get('Accept'), 'application/pdf');
  });
});
