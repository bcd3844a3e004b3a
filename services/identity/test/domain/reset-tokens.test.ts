import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { checkResetToken, hashResetToken, issueResetToken } from '../../src/domain/reset-tokens.ts';

const now = new Date('2026-03-01T10:00:00Z');

describe('password-reset tokens', () => {
  it('are 32 random bytes in base64url, valid 30 minutes, stored as their SHA-256', () => {
    const issued = issueResetToken(now);
    assert.match(issued.token, /^[\w-]{43}$/);
    assert.equal(Buffer.from(issued.token, 'base64url').length, 32);
    assert.equal(issued.tokenHash, createHash('sha256').update(issued.token).digest('hex'));
    assert.equal(hashResetToken(issued.token), issued.tokenHash);
    assert.equal(issued.expiresAt.getTime() - now.getTime(), 30 * 60_000);
    assert.notEqual(issueResetToken(now).token, issued.token);
  });

  it('are good once, and only before they expire', () => {
    const expiresAt = new Date(now.getTime() + 1000);
    assert.equal(checkResetToken({ expiresAt, usedAt: null }, now), 'valid');
    assert.equal(checkResetToken({ expiresAt, usedAt: now }, now), 'used');
    assert.equal(checkResetToken({ expiresAt: now, usedAt: null }, now), 'expired');
  });
});
