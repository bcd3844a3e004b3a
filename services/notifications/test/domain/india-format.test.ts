import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planName } from '../../src/domain/india-format.ts';

describe('plans as emails name them', () => {
  it("billing's plan ids as the product names them", () => {
    assert.equal(planName('premium'), 'Premium');
    assert.equal(planName('basic'), 'Basic');
  });
});
