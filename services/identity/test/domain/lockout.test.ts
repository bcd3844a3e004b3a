import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLocked, lockEndsAt, lockoutPolicy, locksNow, mayCheck, minutesLeft } from '../../src/domain/lockout.ts';

const now = new Date('2026-03-01T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('sign-in lockout', () => {
  it('locks an address after 10 failures for 15 minutes, the whole account (gentler) after 50 for 5', () => {
    assert.deepEqual(lockoutPolicy, { perAddress: { maxFailures: 10, lockMinutes: 15 }, account: { maxFailures: 50, lockMinutes: 5 } });
    assert.equal(lockEndsAt(lockoutPolicy.perAddress, now).getTime() - now.getTime(), 15 * 60_000);
    assert.equal(lockEndsAt(lockoutPolicy.account, now).getTime() - now.getTime(), 5 * 60_000);
    assert.equal(locksNow(lockoutPolicy.perAddress, 9), false);
    assert.equal(locksNow(lockoutPolicy.perAddress, 10), true);
  });

  it('lets an attempt check the password only within the count and outside a lock', () => {
    const rule = lockoutPolicy.perAddress;
    assert.equal(mayCheck(rule, { failures: 10, lockedUntil: null }, now), true, 'the 10th attempt is checked');
    assert.equal(mayCheck(rule, { failures: 11, lockedUntil: null }, now), false, 'the 11th is not, even before the lock is written');
    assert.equal(mayCheck(rule, { failures: 1, lockedUntil: later(1) }, now), false);
    assert.equal(mayCheck(rule, { failures: 1, lockedUntil: later(-1) }, now), true);
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
