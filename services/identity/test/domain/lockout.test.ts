import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLocked, lockEndsAt, lockoutPolicy, minutesLeft } from '../../src/domain/lockout.ts';

const now = new Date('2026-03-01T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('sign-in lockout', () => {
  it('locks after 10 failures for 15 minutes', () => {
    assert.deepEqual(lockoutPolicy, { maxFailures: 10, lockMinutes: 15 });
    assert.equal(lockEndsAt(now).getTime() - now.getTime(), 15 * 60_000);
  });

  it('is locked only before the lock ends', () => {
    assert.equal(isLocked(null, now), false);
    assert.equal(isLocked(later(1), now), true);
    assert.equal(isLocked(now, now), false);
    assert.equal(isLocked(later(-1), now), false);
  });

  it('tells the minutes left, rounded up, at least one', () => {
    assert.equal(minutesLeft(later(15 * 60_000), now), 15);
    assert.equal(minutesLeft(later(14 * 60_000 + 1), now), 15);
    assert.equal(minutesLeft(later(1000), now), 1);
  });
});
