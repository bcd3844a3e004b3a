import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  analyticsParams,
  chooseRange,
  isDay,
  isSelectableEnd,
  isSelectableStart,
  rangeChoiceOf,
  searchParamsOfRange,
} from '../../src/pages/admin/analytics/range.ts';

const today = '2026-11-24';
const choiceOf = (search: string) => rangeChoiceOf(new URLSearchParams(search), today);

describe('the analytics range', () => {
  it('is 7d unless the address names another of 7d, 30d, 90d and custom', () => {
    assert.deepEqual(choiceOf(''), { range: '7d', startDate: null, endDate: null });
    assert.deepEqual(choiceOf('range=90d'), { range: '90d', startDate: null, endDate: null });
    assert.deepEqual(choiceOf('range=365d'), { range: '7d', startDate: null, endDate: null });
  });

  it('takes dates only for custom', () => {
    assert.deepEqual(choiceOf('range=30d&startDate=2026-11-01&endDate=2026-11-10'), { range: '30d', startDate: null, endDate: null });
    assert.deepEqual(choiceOf('range=custom&startDate=2026-11-01&endDate=2026-11-10'), { range: 'custom', startDate: '2026-11-01', endDate: '2026-11-10' });
  });

  it('refuses future days and an end before the start', () => {
    assert.equal(isSelectableStart('2026-11-24', today, null), true, 'today');
    assert.equal(isSelectableStart('2026-11-25', today, null), false, 'tomorrow');
    assert.equal(isSelectableStart('2026-11-11', today, '2026-11-10'), false, 'a start after the end');
    assert.equal(isSelectableEnd('2026-11-25', today, null), false, 'tomorrow');
    assert.equal(isSelectableEnd('2026-11-09', today, '2026-11-10'), false, 'an end before the start');
    assert.equal(isSelectableEnd('2026-11-10', today, '2026-11-10'), true, 'one day');
    // The same rules for dates in the address: a wrong one is dropped, as if not chosen.
    assert.deepEqual(choiceOf('range=custom&startDate=2026-12-01&endDate=2026-11-10'), { range: 'custom', startDate: null, endDate: '2026-11-10' });
    assert.deepEqual(choiceOf('range=custom&startDate=2026-11-10&endDate=2026-11-01'), { range: 'custom', startDate: '2026-11-10', endDate: null });
    assert.deepEqual(choiceOf('range=custom&startDate=2026-02-30&endDate=yesterday'), { range: 'custom', startDate: null, endDate: null });
  });

  it('knows a calendar day written YYYY-MM-DD', () => {
    assert.equal(isDay('2024-02-29'), true);
    for (const day of ['2026-02-29', '2026-13-01', '2026-1-01', '20261101', '', null]) assert.equal(isDay(day), false, String(day));
  });

  it('clears the dates when another range is chosen', () => {
    assert.deepEqual(chooseRange('30d'), { range: '30d', startDate: null, endDate: null });
    assert.equal(searchParamsOfRange(chooseRange('30d')).toString(), 'range=30d');
  });

  it('asks the server only once a custom range has both dates', () => {
    assert.equal(analyticsParams({ range: 'custom', startDate: '2026-11-01', endDate: null }), null);
    assert.equal(analyticsParams({ range: 'custom', startDate: null, endDate: '2026-11-01' }), null);
    assert.equal(
      analyticsParams({ range: 'custom', startDate: '2026-11-01', endDate: '2026-11-10' })?.toString(),
      'range=custom&startDate=2026-11-01&endDate=2026-11-10',
    );
    assert.equal(analyticsParams({ range: '90d', startDate: null, endDate: null })?.toString(), 'range=90d');
  });
});
