import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { ConfigError, createSecretOpener, createSecretSealer, generateSecretKeys } from '../../src/index.ts';

const keys = generateSecretKeys();
const seal = createSecretSealer(keys.publicKeyPem);
const open = createSecretOpener(keys.privateKeyPem);

describe('sealed secrets', () => {
  it('opens with the private key and the same context what the public key sealed', () => {
    const sealed = seal('482913', 'otp:asha@example.in');
    assert.equal(open(sealed, 'otp:asha@example.in'), '482913');
  });

  it('holds no trace of the secret, and seals it differently every time', () => {
    const secret = 'Zk3v9QwXhP0yT7mN2bR5cL8dA1sE4uG6jH0iK3oV9wY';
    const first = Buffer.from(seal(secret, 'reset:user'));
    const second = Buffer.from(seal(secret, 'reset:user'));
    assert.equal(first.includes(secret), false);
    assert.equal(first.includes(Buffer.from(secret, 'base64url')), false);
    assert.notDeepEqual(first, second);
  });

  it('cannot be opened with another private key', () => {
    const sealed = seal('482913', 'otp:asha@example.in');
    const stranger = createSecretOpener(generateSecretKeys().privateKeyPem);
    assert.throws(() => stranger(sealed, 'otp:asha@example.in'));
  });

  it('cannot be moved to another context (another event or address)', () => {
    const sealed = seal('482913', 'otp:asha@example.in');
    assert.throws(() => open(sealed, 'otp:mallory@example.in'));
    assert.throws(() => open(sealed, 'reset:asha@example.in'));
  });

  it('refuses tampered, truncated and empty values', () => {
    const sealed = Buffer.from(seal('482913', 'ctx'));
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1;
    assert.throws(() => open(tampered, 'ctx'));
    assert.throws(() => open(sealed.subarray(0, 40), 'ctx'), /not a sealed secret/);
    assert.throws(() => open(new Uint8Array(), 'ctx'), /not a sealed secret/);
  });

  it('refuses keys that are not X25519', () => {
    const ed25519 = generateKeyPairSync('ed25519');
    assert.throws(
      () => createSecretSealer(ed25519.publicKey.export({ type: 'spki', format: 'pem' }), 'SOME_PUBLIC_KEY'),
      /^ConfigError: SOME_PUBLIC_KEY: not an X25519 key in PEM$/,
    );
    assert.throws(
      () => createSecretOpener(ed25519.privateKey.export({ type: 'pkcs8', format: 'pem' }), 'SOME_PRIVATE_KEY'),
      /^ConfigError: SOME_PRIVATE_KEY: not an X25519 key in PEM$/,
    );
    assert.throws(() => createSecretSealer('not a key'), ConfigError);
    assert.throws(() => createSecretOpener(keys.publicKeyPem), ConfigError, 'a public key is not a private key');
  });
});
