import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultValidMinutes, validMinutes } from '../../src/domain/validity.ts';

describe('validMinutes', () => {
  const issued = new Date('2026-01-01T10:00:00Z');
  const after = (ms: number) => new Date(issued.getTime() + ms);

  it('states what the event says, rounded to whole minutes and never below one', () => {
    assert.equal(validMinutes(issued, after(10 * 60_000), 99), 10);
    assert.equal(validMinutes(issued, after(30 * 60_000 - 400), 99), 30);
    assert.equal(validMinutes(issued, after(5_000), 99), 1);
  });

  it("falls back to the spec's figure when the event leaves a time out", () => {
    assert.equal(validMinutes(undefined, after(60_000), defaultValidMinutes.otp), 10);
    assert.equal(validMinutes(issued, undefined, defaultValidMinutes.passwordReset), 30);
  });
});
