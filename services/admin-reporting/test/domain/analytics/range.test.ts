import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, indiaMidnight, rangeDays } from '../../../src/domain/analytics/range.ts';

// 00:30 on 5 March 2026 in India, still 4 March in UTC: days follow India.
const now = new Date('2026-03-04T19:00:00Z');

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    assert.equal((error as { statusCode?: number }).statusCode, 400);
    return (error as Error).message;
  }
  return assert.fail('expected a 400');
};

describe('analytics ranges', () => {
  it('ends a preset range today in India, that many days long', () => {
    assert.deepEqual(rangeDays('7d', {}, now), { firstDay: '2026-02-27', lastDay: '2026-03-05' });
    assert.deepEqual(rangeDays('30d', {}, now), { firstDay: '2026-02-04', lastDay: '2026-03-05' });
    assert.deepEqual(rangeDays('90d', {}, now), { firstDay: '2025-12-06', lastDay: '2026-03-05' });
    assert.deepEqual(
      rangeDays('7d', { startDate: '2020-01-01', endDate: '2020-01-02' }, now),
      { firstDay: '2026-02-27', lastDay: '2026-03-05' },
      'dates only count for custom',
    );
  });

  it('takes a custom range of past days up to today, one day too', () => {
    assert.deepEqual(rangeDays('custom', { startDate: '2026-01-01', endDate: '2026-03-05' }, now), { firstDay: '2026-01-01', lastDay: '2026-03-05' });
    assert.deepEqual(rangeDays('custom', { startDate: '2026-02-28', endDate: '2026-02-28' }, now), { firstDay: '2026-02-28', lastDay: '2026-02-28' });
  });

  it('refuses a custom range without both dates, ending before it starts, or reaching into the future', () => {
    assert.match(
      refusal(() => rangeDays('custom', {}, now)),
      /both startDate and endDate/,
    );
    assert.match(
      refusal(() => rangeDays('custom', { startDate: '2026-01-01' }, now)),
      /both startDate and endDate/,
    );
    assert.match(
      refusal(() => rangeDays('custom', { endDate: '2026-01-01' }, now)),
      /both startDate and endDate/,
    );
    assert.match(
      refusal(() => rangeDays('custom', { startDate: '2026-02-10', endDate: '2026-02-09' }, now)),
      /cannot precede/,
    );
    assert.match(
      refusal(() => rangeDays('custom', { startDate: '2026-03-01', endDate: '2026-03-06' }, now)),
      /future/,
    );
  });

  it('counts calendar days and India midnights', () => {
    assert.equal(addDays('2024-02-28', 1), '2024-02-29');
    assert.equal(addDays('2026-03-01', -1), '2026-02-28');
    assert.equal(addDays('2025-12-31', 1), '2026-01-01');
    assert.equal(indiaMidnight('2026-03-05').toISOString(), '2026-03-04T18:30:00.000Z');
  });
});
