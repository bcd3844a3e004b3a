import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ownershipOf } from '../../src/domain/signup-ownership.ts';

const uncontested = { id: 'a', contested: false };
const contested = { id: 'a', contested: true };

describe('signup ownership', () => {
  it('takes the code alone for an uncontested signup', () => {
    assert.equal(ownershipOf(uncontested, { signupId: undefined, passwordMatches: undefined }), 'shown');
    assert.equal(ownershipOf(uncontested, { signupId: 'b', passwordMatches: undefined }), 'shown', "another signup's cookie, with the same password");
  });

  it("wants a contested signup's own cookie or password", () => {
    assert.equal(ownershipOf(contested, { signupId: undefined, passwordMatches: undefined }), 'unshown');
    assert.equal(ownershipOf(contested, { signupId: 'b', passwordMatches: undefined }), 'unshown');
    assert.equal(ownershipOf(contested, { signupId: 'a', passwordMatches: undefined }), 'shown');
    assert.equal(ownershipOf(contested, { signupId: undefined, passwordMatches: true }), 'shown');
  });

  it("refuses a password given that is not the signup's, whatever else the client holds", () => {
    assert.equal(ownershipOf(uncontested, { signupId: undefined, passwordMatches: false }), 'refuted');
    assert.equal(ownershipOf(contested, { signupId: 'a', passwordMatches: false }), 'refuted');
  });
});
