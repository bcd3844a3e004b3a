import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { basicPeriod, plans } from '../../src/domain/plans.ts';

describe('plans', () => {
  it('prices Basic at 0 and Premium at 2499 rupees, in paise, with 1 and 50 queries a month', () => {
    assert.deepEqual(plans, { basic: { pricePaise: 0, queriesPerMonth: 1 }, premium: { pricePaise: 249_900, queriesPerMonth: 50 } });
  });

  it("gives Basic the India calendar month, not UTC's", () => {
    // 1 April 00:30 in India is 31 March 19:00 in UTC: the period is April in India.
    const { start, end } = basicPeriod(new Date('2026-03-31T19:00:00Z'));
    assert.equal(start.toISOString(), '2026-03-31T18:30:00.000Z');
    assert.equal(end.toISOString(), '2026-04-30T18:30:00.000Z');
    // 31 March 23:00 in India is still March.
    assert.equal(basicPeriod(new Date('2026-03-31T17:30:00Z')).start.toISOString(), '2026-02-28T18:30:00.000Z');
  });
});
