import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addIndiaMonths, endOfIndiaMonth, formatIndiaDate, indiaDate, startOfIndiaMonth } from '../../src/index.ts';

const at = (iso: string) => new Date(iso);

describe('India time', () => {
  it('gives the India calendar date, which is ahead of UTC from 18:30 UTC', () => {
    assert.equal(indiaDate(at('2026-03-31T18:29:59Z')), '2026-03-31');
    assert.equal(indiaDate(at('2026-03-31T18:30:00Z')), '2026-04-01');
  });

  it('writes the India calendar date as people do', () => {
    assert.equal(formatIndiaDate(new Date('2026-03-04T18:29:59Z')), '4 March 2026');
    assert.equal(formatIndiaDate(new Date('2026-03-04T18:30:00Z')), '5 March 2026');
  });

  it('starts and ends India calendar months at India midnight', () => {
    // 1 April 00:15 in India is still March in UTC.
    const earlyApril = at('2026-03-31T18:45:00Z');
    assert.equal(startOfIndiaMonth(earlyApril).toISOString(), '2026-03-31T18:30:00.000Z');
    assert.equal(endOfIndiaMonth(earlyApril).toISOString(), '2026-04-30T18:30:00.000Z');
    const lateDecember = at('2026-12-31T18:00:00Z');
    assert.equal(startOfIndiaMonth(lateDecember).toISOString(), '2026-11-30T18:30:00.000Z');
    assert.equal(endOfIndiaMonth(lateDecember).toISOString(), '2026-12-31T18:30:00.000Z');
  });

  it('adds calendar months on the India calendar, clamping to the last day of a shorter month', () => {
    // 31 January 02:00 in India (30 January in UTC) plus a month is 28 February 02:00 in India.
    assert.equal(addIndiaMonths(at('2026-01-30T20:30:00Z'), 1).toISOString(), '2026-02-27T20:30:00.000Z');
    assert.equal(addIndiaMonths(at('2028-01-31T06:00:00Z'), 1).toISOString(), '2028-02-29T06:00:00.000Z');
    assert.equal(addIndiaMonths(at('2026-11-15T06:00:00Z'), 2).toISOString(), '2027-01-15T06:00:00.000Z');
  });
});
