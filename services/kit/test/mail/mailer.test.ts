import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPermanentMailFailure } from '../../src/index.ts';

describe('isPermanentMailFailure', () => {
  it('gives up only on a permanent (5xx) SMTP reply', () => {
    assert.equal(isPermanentMailFailure(Object.assign(new Error('No such user'), { responseCode: 550 })), true);
    assert.equal(isPermanentMailFailure(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 })), false);
    assert.equal(isPermanentMailFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })), false);
    assert.equal(isPermanentMailFailure('timeout'), false);
  });
});
