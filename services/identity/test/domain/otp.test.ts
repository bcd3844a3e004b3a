import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkOtp, hashOtp, issueOtp, otpPolicy, pendingSince, resendWaitSeconds } from '../../src/domain/otp.ts';

const now = new Date('2026-03-01T10:00:00Z');
const stored = (code: string, salt: string, overrides: Partial<{ attempts: number; expiresAt: Date }> = {}) => ({
  codeHash: hashOtp(code, salt),
  salt,
  attempts: 0,
  expiresAt: new Date(now.getTime() + 60_000),
  ...overrides,
});

describe('one-time codes', () => {
  it('issues 6-digit codes valid 10 minutes, resendable after 30 seconds, stored only as a salted hash', () => {
    const otp = issueOtp(now);
    assert.match(otp.code, /^\d{6}$/);
    assert.equal(otp.expiresAt.getTime() - now.getTime(), 10 * 60_000);
    assert.equal(otp.resendAfter.getTime() - now.getTime(), 30_000);
    assert.equal(otp.codeHash, hashOtp(otp.code, otp.salt));
    assert.notEqual(otp.codeHash, otp.code);
    assert.notEqual(issueOtp(now).salt, otp.salt, 'every challenge has its own salt');
  });

  it('spreads codes over the whole range, leading zeros included', () => {
    const codes = Array.from({ length: 2000 }, () => issueOtp(now).code);
    assert.ok(codes.every((c) => /^\d{6}$/.test(c)));
    assert.ok(new Set(codes).size > 1990);
    assert.ok(codes.some((c) => c.startsWith('0')));
  });

  it('the same code hashes differently under different salts', () => {
    assert.notEqual(hashOtp('123456', 'a'), hashOtp('123456', 'b'));
  });

  it('accepts the right code (surrounding blanks aside) and refuses any other', () => {
    assert.equal(checkOtp(stored('012345', 's'), '012345', now), 'valid');
    assert.equal(checkOtp(stored('012345', 's'), ' 012345 ', now), 'valid');
    assert.equal(checkOtp(stored('012345', 's'), '12345', now), 'wrong');
    assert.equal(checkOtp(stored('012345', 's'), '012346', now), 'wrong');
    assert.equal(checkOtp(stored('012345', 's'), 'abcdef', now), 'wrong');
  });

  it('refuses even the right code once expired or after 5 wrong tries', () => {
    assert.equal(checkOtp(stored('111111', 's', { expiresAt: now }), '111111', now), 'expired');
    assert.equal(checkOtp(stored('111111', 's', { attempts: otpPolicy.maxAttempts - 1 }), '111111', now), 'valid');
    assert.equal(checkOtp(stored('111111', 's', { attempts: otpPolicy.maxAttempts }), '111111', now), 'exhausted');
  });

  it('counts the seconds until another code may be sent, rounding up', () => {
    assert.equal(resendWaitSeconds(new Date(now.getTime() + 29_001), now), 30);
    assert.equal(resendWaitSeconds(new Date(now.getTime() + 1), now), 1);
    assert.equal(resendWaitSeconds(now, now), 0);
    assert.equal(resendWaitSeconds(new Date(now.getTime() - 5000), now), 0);
  });

  it('treats signups started more than a day ago as abandoned', () => {
    assert.equal(now.getTime() - pendingSince(now).getTime(), 24 * 3_600_000);
  });
});
