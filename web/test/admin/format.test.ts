import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatCount,
  formatDay,
  formatDueForReview,
  formatDuration,
  formatMonth,
  formatParameters,
  formatPercent,
  formatPlan,
  indiaDay,
} from '../../src/pages/admin/format.ts';

describe('the admin panel’s figures', () => {
  it('shows the knowledge entries due for review of how many, or a dash until chat has told them', () => {
    assert.deepEqual(formatDueForReview(12, 1234), { value: '12', note: 'of 1,234 knowledge entries' });
    assert.deepEqual(formatDueForReview(0, 1), { value: '0', note: 'of 1 knowledge entry' });
    assert.deepEqual(formatDueForReview(null, null), { value: '—', note: 'Not reported by chat yet' });
  });

  it('groups counts the Indian way', () => {
    assert.equal(formatCount(1234567), '12,34,567');
    assert.equal(formatCount(0), '0');
  });

  it('writes durations in the largest units that fit', () => {
    assert.equal(formatDuration(0), '0s');
    assert.equal(formatDuration(44.6), '45s');
    assert.equal(formatDuration(125), '2m 05s');
    assert.equal(formatDuration(3720), '1h 02m');
    assert.equal(formatDuration(-3), '0s');
  });

  it('writes a percentage with at most two decimals', () => {
    assert.equal(formatPercent(3.456), '3.46%');
    assert.equal(formatPercent(50), '50%');
  });

  it('writes the server’s months and days as words, the same day in every time zone', () => {
    assert.equal(formatMonth('2026-05'), 'May 2026');
    assert.equal(formatDay('20260501'), '1 May 2026');
    assert.equal(formatDay('20261231'), '31 Dec 2026');
    assert.equal(formatDay('yesterday'), 'yesterday');
  });

  it('names plans as the pricing cards do', () => {
    assert.equal(formatPlan('premium'), 'Premium');
    assert.equal(formatPlan('basic'), 'Basic');
  });

  it('shows event parameters sent as JSON as key: value pairs, and plain text as it came', () => {
    assert.equal(formatParameters('{"message_length":42,"plan":"premium","first":true}'), 'message_length: 42, plan: premium, first: true');
    assert.equal(formatParameters('{}'), '');
    assert.equal(formatParameters('plan=premium'), 'plan=premium');
    assert.equal(formatParameters('[1,2]'), '[1,2]');
    assert.equal(formatParameters('42'), '42');
  });
});

describe('the day in India', () => {
  it('is the calendar day at UTC+05:30, whatever the zone the browser is in', () => {
    assert.equal(indiaDay(new Date('2026-11-24T18:29:59Z')), '2026-11-24');
    assert.equal(indiaDay(new Date('2026-11-24T18:30:00Z')), '2026-11-25');
  });
});
