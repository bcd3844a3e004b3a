import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  amountInWords,
  GST_RATE_PERCENT,
  gstBreakdown,
  gstinValid,
  indianStates,
  invoiceNumber,
  SAC_ONLINE_INFORMATION,
  stateByCode,
} from '../../src/domain/gst.ts';

describe('GST constants and states', () => {
  it('classifies Premium under SAC 998431 at 18%', () => {
    assert.equal(SAC_ONLINE_INFORMATION, '998431');
    assert.equal(GST_RATE_PERCENT, 18);
  });

  it('lists the 28 states and 8 union territories once each, with two-digit codes', () => {
    assert.equal(indianStates.length, 36);
    assert.equal(new Set(indianStates.map((s) => s.code)).size, 36);
    for (const state of indianStates) assert.match(state.code, /^\d{2}$/);
  });

  it('finds a state by its GST code and knows which union territories levy UTGST', () => {
    assert.equal(stateByCode('29')?.name, 'Karnataka');
    assert.equal(stateByCode('27')?.name, 'Maharashtra');
    assert.equal(stateByCode('07')?.name, 'Delhi');
    assert.equal(stateByCode('38')?.name, 'Ladakh');
    assert.equal(stateByCode('26')?.name, 'Dadra and Nagar Haveli and Daman and Diu');
    assert.equal(stateByCode('37')?.name, 'Andhra Pradesh');
    assert.equal(stateByCode('07')?.localTax, 'SGST');
    assert.equal(stateByCode('04')?.localTax, 'UTGST');
    // Retired codes and codes no customer lives in.
    for (const code of ['00', '25', '28', '97', '99', '7']) assert.equal(stateByCode(code), undefined, code);
  });
});

describe('gstBreakdown', () => {
  it('splits 2499 rupees within Karnataka into 2117.80 taxable and 190.60 each of CGST and SGST', () => {
    assert.deepEqual(gstBreakdown({ totalPaise: 249_900, supplierStateCode: '29', placeOfSupplyCode: '29' }), {
      taxablePaise: 211_780,
      cgstPaise: 19_060,
      sgstPaise: 19_060,
      igstPaise: 0,
      ratePercent: 18,
      placeOfSupplyCode: '29',
      intraState: true,
    });
  });

  it('charges IGST when the customer is in another state', () => {
    assert.deepEqual(gstBreakdown({ totalPaise: 249_900, supplierStateCode: '29', placeOfSupplyCode: '27' }), {
      taxablePaise: 211_780,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 38_120,
      ratePercent: 18,
      placeOfSupplyCode: '27',
      intraState: false,
    });
  });

  it("takes the supplier's state as the place of supply when the customer's is unknown", () => {
    const breakdown = gstBreakdown({ totalPaise: 249_900, supplierStateCode: '29', placeOfSupplyCode: null });
    assert.equal(breakdown.placeOfSupplyCode, '29');
    assert.equal(breakdown.intraState, true);
    assert.equal(breakdown.igstPaise, 0);
    assert.equal(breakdown.cgstPaise, 19_060);
  });

  it('gives the odd paisa of an intra-state tax to SGST', () => {
    // 100 paise: taxable round(84.75) = 85, tax 15 = 7 CGST + 8 SGST.
    assert.deepEqual(
      { ...gstBreakdown({ totalPaise: 100, supplierStateCode: '29', placeOfSupplyCode: '29' }) },
      { taxablePaise: 85, cgstPaise: 7, sgstPaise: 8, igstPaise: 0, ratePercent: 18, placeOfSupplyCode: '29', intraState: true },
    );
    // 118 paise: exactly 100 taxable, 9 + 9.
    const even = gstBreakdown({ totalPaise: 118, supplierStateCode: '29', placeOfSupplyCode: '29' });
    assert.deepEqual([even.taxablePaise, even.cgstPaise, even.sgstPaise], [100, 9, 9]);
    // 1 paisa: taxable round(0.847) = 1, no tax.
    const tiny = gstBreakdown({ totalPaise: 1, supplierStateCode: '29', placeOfSupplyCode: '27' });
    assert.deepEqual([tiny.taxablePaise, tiny.igstPaise], [1, 0]);
  });

  it('always adds up to the total, with the taxable value the nearest paisa to total / 1.18', () => {
    for (let total = 0; total <= 300_000; total += 7) {
      for (const place of ['29', '27']) {
        const b = gstBreakdown({ totalPaise: total, supplierStateCode: '29', placeOfSupplyCode: place });
        assert.equal(b.taxablePaise + b.cgstPaise + b.sgstPaise + b.igstPaise, total, `total ${total}`);
        assert.ok(Math.abs(b.taxablePaise * 118 - total * 100) <= 59, `taxable of ${total} is ${b.taxablePaise}`);
        assert.ok(b.cgstPaise >= 0 && b.sgstPaise - b.cgstPaise <= 1 && b.sgstPaise >= b.cgstPaise, `halves of ${total}`);
      }
    }
  });

  it('rejects totals that are not whole paise and unknown state codes', () => {
    for (const totalPaise of [-1, 1.5, Number.NaN]) {
      assert.throws(() => gstBreakdown({ totalPaise, supplierStateCode: '29', placeOfSupplyCode: null }), RangeError);
    }
    assert.throws(() => gstBreakdown({ totalPaise: 100, supplierStateCode: '99', placeOfSupplyCode: null }), RangeError);
    assert.throws(() => gstBreakdown({ totalPaise: 100, supplierStateCode: '29', placeOfSupplyCode: '25' }), RangeError);
  });
});

describe('amountInWords', () => {
  it('writes rupees and paise in the Indian numbering system', () => {
    const cases: [number, string][] = [
      [249_900, 'Rupees Two Thousand Four Hundred Ninety-Nine Only'],
      [100, 'Rupees One Only'],
      [12_345_678, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only'],
      [0, 'Rupees Zero Only'],
      [50, 'Fifty Paise Only'],
      [1_100, 'Rupees Eleven Only'],
      [2_000, 'Rupees Twenty Only'],
      [10_000, 'Rupees One Hundred Only'],
      [10_001, 'Rupees One Hundred and One Paise Only'],
      [1_000_000, 'Rupees Ten Thousand Only'],
      [10_000_000, 'Rupees One Lakh Only'],
      [1_000_000_000, 'Rupees One Crore Only'],
      [1_234_567_890_000, 'Rupees One Thousand Two Hundred Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Nine Hundred Only'],
    ];
    for (const [paise, words] of cases) assert.equal(amountInWords(paise), words);
  });

  it('rejects what is not a whole number of paise', () => {
    assert.throws(() => amountInWords(-100), RangeError);
    assert.throws(() => amountInWords(0.5), RangeError);
  });
});

describe('invoiceNumber', () => {
  it('pads ids to six digits without cutting longer ones', () => {
    assert.equal(invoiceNumber(42), 'INV-000042');
    assert.equal(invoiceNumber(1), 'INV-000001');
    assert.equal(invoiceNumber(1_234_567), 'INV-1234567');
    assert.throws(() => invoiceNumber(0), RangeError);
    assert.throws(() => invoiceNumber(2.5), RangeError);
  });
});

describe('gstinValid', () => {
  it('accepts GSTINs of registered businesses', () => {
    // Published GSTINs of Reliance Industries (Maharashtra), TTK Healthcare (Tamil Nadu) and VE
    // Commercial Vehicles (Madhya Pradesh), and the sample of the GST portal's API documentation.
    for (const gstin of ['27AAACR5055K1Z7', '33AABCT3312J1ZP', '23AABCE9378F1ZK', '27AAPFU0939F1ZV']) {
      assert.equal(gstinValid(gstin), true, gstin);
    }
  });

  it('rejects a wrong check character', () => {
    assert.equal(gstinValid('27AAACR5055K1Z8'), false);
    assert.equal(gstinValid('33AABCT3312J1ZQ'), false);
    // Two characters swapped leave the shape intact but break the checksum.
    assert.equal(gstinValid('27AAACR5505K1Z7'), false);
  });

  it('rejects a state code that is not a state or union territory', () => {
    // Check characters recomputed for these codes, so only the state code is wrong.
    assert.equal(gstinValid('99AAACR5055K1ZW'), false);
    assert.equal(gstinValid('25AAACR5055K1ZB'), false);
    assert.equal(gstinValid('00AAACR5055K1ZN'), false);
  });

  it('rejects the wrong shape', () => {
    // The last three carry the check character their first 14 characters give: only the shape is wrong.
    for (const gstin of [
      '',
      '27AAACR5055K1Z',
      '27AAACR5055K1Z77',
      '27aaacr5055k1z7',
      ' 27AAACR5055K1Z7',
      '27AAACR5055K0Z8',
      '27AAACR5055K1Y9',
      '2AAAACR5055K1Z1',
    ]) {
      assert.equal(gstinValid(gstin), false, JSON.stringify(gstin));
    }
  });
});
