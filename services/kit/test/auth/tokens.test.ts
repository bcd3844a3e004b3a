import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { createTokenSigner, createTokenVerifier, generateSigningKeys, publicJwks, type TokenVerifier } from '../../src/index.ts';

const issuer = 'betterplus-identity';
const keys = await generateSigningKeys();
const signer = await createTokenSigner(keys.privateKeyPem, issuer, 600);
const verifier: TokenVerifier = await createTokenVerifier(keys.publicKeyPem, issuer);

/** The token with its payload replaced and the original signature kept. */
function withPayload(token: string, claims: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('tokens', () => {
  it('verifies what the signer signed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = await verifier.verify(await signer.sign('user-42'));
    assert.equal(claims.userId, 'user-42');
    assert.ok(claims.issuedAtMs >= now * 1000 && claims.issuedAtMs <= (now + 5) * 1000, `issuedAtMs ${claims.issuedAtMs}`);
  });

  it('refuses a token from another key, an expired one, a tampered one and one from another issuer', async () => {
    const other = await generateSigningKeys();
    const good = await signer.sign('user-42');
    const payload = JSON.parse(Buffer.from(good.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const refused = {
      'another key': await (await createTokenSigner(other.privateKeyPem, issuer, 600)).sign('user-42'),
      expired: await (await createTokenSigner(keys.privateKeyPem, issuer, -60)).sign('user-42'),
      tampered: withPayload(good, { ...payload, sub: 'admin' }),
      'another issuer': await (await createTokenSigner(keys.privateKeyPem, 'someone-else', 600)).sign('user-42'),
      garbage: 'not.a.token',
    };
    for (const [label, token] of Object.entries(refused)) {
      await assert.rejects(verifier.verify(token), `${label} token was accepted`);
    }
  });

  it('publishes only the public half as a JWKS that verifies the tokens', async () => {
    const jwks = await publicJwks(keys.publicKeyPem);
    assert.equal(jwks.keys.length, 1);
    assert.deepEqual({ ...jwks.keys[0], x: undefined }, { kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', x: undefined });
    const { payload } = await jwtVerify(await signer.sign('user-42'), createLocalJWKSet(jwks), { issuer });
    assert.equal(payload.sub, 'user-42');
  });
});
