import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatRupees, paiseFromRupees } from '../../src/index.ts';

describe('paise', () => {
  it('formats paise as rupees with Indian digit grouping, showing paise only when there are some', () => {
    assert.equal(formatRupees(249_900), '₹2,499.00');
    assert.equal(formatRupees(0), '₹0.00');
    assert.equal(formatRupees(5050), '₹50.50');
    assert.equal(formatRupees(5), '₹0.05');
    assert.equal(formatRupees(1_234_567_805), '₹1,23,45,678.05');
    assert.equal(formatRupees(5005), '₹50.05');
    assert.equal(formatRupees(10_000_000), '₹1,00,000.00');
  });

  it('turns rupees into paise and refuses fractions of a paisa or of paise', () => {
    assert.equal(paiseFromRupees(2499), 249_900);
    assert.equal(paiseFromRupees(19.99), 1999);
    assert.throws(() => paiseFromRupees(0.001), RangeError);
    assert.throws(() => formatRupees(12.5), RangeError);
  });
});
