import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayName, issuedToUs, readProfile } from '../../src/domain/google.ts';

const ours = 'ours.apps.googleusercontent.com';

describe('Google sign-in checks', () => {
  it('accepts only tokens issued to our client id, by audience or authorised party', () => {
    assert.equal(issuedToUs({ aud: ours, azp: ours, expires_in: '3599' }, ours), true);
    assert.equal(issuedToUs({ aud: 'other', azp: ours, expires_in: 3599 }, ours), true);
    assert.equal(issuedToUs({ aud: ours }, ours), true);
    assert.equal(issuedToUs({ aud: 'other', azp: 'other', expires_in: '3599' }, ours), false);
    assert.equal(issuedToUs({ expires_in: '3599' }, ours), false);
    assert.equal(issuedToUs(undefined, ours), false);
    assert.equal(issuedToUs('not an object', ours), false);
  });

  it('refuses tokens with no lifetime left', () => {
    assert.equal(issuedToUs({ aud: ours, expires_in: '0' }, ours), false);
    assert.equal(issuedToUs({ aud: ours, expires_in: '-5' }, ours), false);
    assert.equal(issuedToUs({ aud: ours, expires_in: 'soon' }, ours), false);
  });

  it('reads the profile, normalising the email and reading both forms of email_verified', () => {
    assert.deepEqual(readProfile({ sub: '1', email: 'A@Gmail.com', email_verified: true, name: 'A', picture: 'p' }), {
      sub: '1',
      email: 'a@gmail.com',
      emailVerified: true,
      name: 'A',
    });
    assert.equal(readProfile({ sub: '1', email: 'a@gmail.com', email_verified: 'true' })?.emailVerified, true);
    assert.equal(readProfile({ sub: '1', email: 'a@gmail.com', email_verified: 'false' })?.emailVerified, false);
    assert.equal(readProfile({ sub: '1', email: 'a@gmail.com' })?.emailVerified, false);
  });

  it('refuses profiles without a stable id or an email', () => {
    assert.equal(readProfile({ email: 'a@gmail.com', email_verified: true }), undefined);
    assert.equal(readProfile({ sub: '', email: 'a@gmail.com' }), undefined);
    assert.equal(readProfile({ sub: '1', email_verified: true }), undefined);
    assert.equal(readProfile({ sub: '1', email: 'no-at-sign' }), undefined);
    assert.equal(readProfile(undefined), undefined);
  });

  it("names a new account after Google's name, else the email's local part, within 100 characters", () => {
    const profile = { sub: '1', email: 'leela.nair@gmail.com', emailVerified: true };
    assert.equal(displayName({ ...profile, name: '  Leela   Nair ' }), 'Leela Nair');
    assert.equal(displayName({ ...profile, name: '' }), 'leela.nair');
    assert.equal(displayName({ ...profile, name: 'x'.repeat(150) }).length, 100);
  });
});
