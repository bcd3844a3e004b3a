import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { basicAuthorization } from '../../src/pages/admin/session/credentials.ts';

const decoded = (header: string) => Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8');

describe('the admin basic-auth header', () => {
  it('is Basic and base64 of username:password', () => {
    assert.equal(basicAuthorization('admin', 'secret'), 'Basic YWRtaW46c2VjcmV0');
  });

  it('encodes the UTF-8 bytes of any character, where btoa alone would throw', () => {
    const header = basicAuthorization('प्रशासक', 'pässwörd€🔑');
    assert.equal(header, `Basic ${Buffer.from('प्रशासक:pässwörd€🔑', 'utf8').toString('base64')}`);
    assert.equal(decoded(header), 'प्रशासक:pässwörd€🔑');
  });

  it('keeps a colon in the password (only the first one separates the username)', () => {
    assert.equal(decoded(basicAuthorization('admin', 'a:b:c')), 'admin:a:b:c');
  });

  it('encodes a long password without running out of stack', () => {
    const password = 'x'.repeat(200_000);
    assert.equal(decoded(basicAuthorization('admin', password)), `admin:${password}`);
  });
});
