import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gstBreakdown } from '../../src/domain/gst.ts';
import { type InvoiceDocument, renderInvoicePdf } from '../../src/domain/invoice-pdf.ts';

const supplier = {
  name: 'Better Plus Technologies Private Limited',
  address: '12, 3rd Cross, Indiranagar, Bengaluru 560038',
  gstin: '29AAGCB7383J1Z4',
  stateCode: '29',
};

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const buyer = overrides.buyer ?? { name: 'Priya Sharma', email: 'priya@example.com', gstin: null, stateCode: null };
  return {
    number: 'INV-000042',
    // 01:30 on 24 November in India, still 23 November in UTC.
    issuedAt: new Date('2026-11-23T20:00:00Z'),
    paymentId: 'pay_P1a2b3c4d5e6f7',
    plan: 'premium',
    periodStart: new Date('2026-11-23T20:00:00Z'),
    periodEnd: new Date('2026-12-23T20:00:00Z'),
    totalPaise: 249_900,
    breakdown: gstBreakdown({ totalPaise: 249_900, supplierStateCode: supplier.stateCode, placeOfSupplyCode: buyer.stateCode }),
    supplier,
    buyer,
    ...overrides,
  };
}

const interStateBuyer = { name: 'Asha Foundation', email: 'accounts@asha.example', gstin: '27AAACR5055K1Z7', stateCode: '27' };

/**
 * The text an uncompressed pdfkit PDF shows. pdfkit writes standard-font text as `[<hex> kern
 * <hex> …] TJ`, one array per line, the hex being each character's WinAnsi code: joining the hex
 * of one array and decoding it gives the line back.
 */
const winAnsi = new TextDecoder('windows-1252');

function shownLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const [, array = ''] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(winAnsi.decode(Buffer.from(hex, 'hex')));
  }
  return lines;
}

function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

describe('renderInvoicePdf', () => {
  it('makes a one-page PDF, compressed by default', async () => {
    const pdf = await renderInvoicePdf(invoice());
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(pageCount(pdf), 1);
    assert.deepEqual(shownLines(pdf), []);
  });

  it('shows the Rule 46 particulars of an inter-state supply to a registered buyer, with IGST', async () => {
    const pdf = await renderInvoicePdf(
      invoice({ buyer: interStateBuyer, breakdown: gstBreakdown({ totalPaise: 249_900, supplierStateCode: '29', placeOfSupplyCode: '27' }) }),
      { compress: false },
    );
    assert.equal(pageCount(pdf), 1);
    const lines = shownLines(pdf);
    for (const expected of [
      'Tax Invoice',
      'Better Plus Technologies Private Limited',
      'GSTIN: 29AAGCB7383J1Z4',
      'State: Karnataka (29)',
      'INV-000042',
      '24 November 2026',
      'Asha Foundation',
      'accounts@asha.example',
      'GSTIN: 27AAACR5055K1Z7',
      'Maharashtra (27)',
      'Better+ Premium Plan – monthly subscription',
      'Period: 24 November 2026 to 24 December 2026',
      '998431',
      'INR 2,117.80',
      'IGST @ 18%',
      'INR 381.20',
      'INR 2,499.00',
      'Rupees Two Thousand Four Hundred Ninety-Nine Only',
      'Whether tax is payable on reverse charge: No',
      'Payment ID: pay_P1a2b3c4d5e6f7',
      'Paid in full by card or UPI through Razorpay.',
      'Payments are not refunded.',
    ]) {
      assert.ok(lines.includes(expected), `"${expected}" is not on the invoice: ${JSON.stringify(lines)}`);
    }
    assert.ok(!lines.some((line) => line.startsWith('CGST') || line.startsWith('SGST')));
  });

  it('shows CGST and SGST halves, and no buyer GSTIN, for an unregistered buyer of unknown state', async () => {
    const lines = shownLines(await renderInvoicePdf(invoice(), { compress: false }));
    assert.ok(lines.includes('CGST @ 9%'));
    assert.ok(lines.includes('SGST @ 9%'));
    assert.equal(lines.filter((line) => line === 'INR 190.60').length, 2);
    assert.ok(!lines.some((line) => line.startsWith('IGST')));
    assert.deepEqual(
      lines.filter((line) => line.startsWith('GSTIN:')),
      ['GSTIN: 29AAGCB7383J1Z4'],
    );
    assert.ok(lines.includes('Karnataka (29)'), 'the place of supply is the supplier state');
  });

  it('names the union-territory tax UTGST within a union territory without a legislature', async () => {
    const chandigarh = { ...supplier, stateCode: '04' };
    const lines = shownLines(
      await renderInvoicePdf(
        invoice({ supplier: chandigarh, breakdown: gstBreakdown({ totalPaise: 249_900, supplierStateCode: '04', placeOfSupplyCode: null }) }),
        { compress: false },
      ),
    );
    assert.ok(lines.includes('UTGST @ 9%'));
    assert.ok(!lines.includes('SGST @ 9%'));
  });

  it('prints characters the standard fonts cannot draw as ?', async () => {
    const buyer = { name: 'प्रिया Sharma', email: 'priya@example.com', gstin: null, stateCode: null };
    const lines = shownLines(await renderInvoicePdf(invoice({ buyer }), { compress: false }));
    assert.ok(lines.includes('?????? Sharma'), JSON.stringify(lines));
  });

  it('stays on one page with long names and addresses', async () => {
    const long = 'Very Long Name '.repeat(30);
    const pdf = await renderInvoicePdf(
      invoice({ supplier: { ...supplier, name: long, address: long }, buyer: { ...interStateBuyer, name: long, address: long }, plan: long }),
      { compress: false },
    );
    assert.equal(pageCount(pdf), 1);
  });

  it('refuses a breakdown that does not add up to the total', async () => {
    await assert.rejects(renderInvoicePdf(invoice({ totalPaise: 250_000 })), RangeError);
  });
});
