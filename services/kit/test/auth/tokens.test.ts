import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, importPKCS8, jwtVerify } from 'jose';
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

  it('refuses a correctly signed token without exp, or without a kid', async () => {
    const key = await importPKCS8(keys.privateKeyPem, 'EdDSA');
    const { kid } = decodeProtectedHeader(await signer.sign('user-42'));
    const neverExpires = await new SignJWT({}).setProtectedHeader({ alg: 'EdDSA', kid }).setSubject('user-42').setIssuer(issuer).setIssuedAt().sign(key);
    await assert.rejects(verifier.verify(neverExpires), /exp/);
    const unnamed = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject('user-42')
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    await assert.rejects(verifier.verify(unnamed));
  });

  it('names the signing key in kid and, during a rotation, accepts the current and the previous key only', async () => {
    const previous = keys;
    const current = await generateSigningKeys();
    const stranger = await generateSigningKeys();
    const rotating = await createTokenVerifier([current.publicKeyPem, previous.publicKeyPem], issuer);
    const byPrevious = await signer.sign('user-1');
    const byCurrent = await (await createTokenSigner(current.privateKeyPem, issuer, 600)).sign('user-2');
    assert.notEqual(decodeProtectedHeader(byPrevious).kid, decodeProtectedHeader(byCurrent).kid);
    assert.equal((await rotating.verify(byPrevious)).userId, 'user-1', 'a token signed before the rotation still verifies');
    assert.equal((await rotating.verify(byCurrent)).userId, 'user-2');

    const byStranger = await (await createTokenSigner(stranger.privateKeyPem, issuer, 600)).sign('user-3');
    await assert.rejects(rotating.verify(byStranger), 'an unknown kid is refused');
    // A known kid on a token signed by another key is refused too: the kid only picks the key.
    const [, payload, signature] = byStranger.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: decodeProtectedHeader(byCurrent).kid })).toString('base64url');
    await assert.rejects(rotating.verify([header, payload, signature].join('.')));
  });

  it('publishes only the public halves as a JWKS, each with its kid, that verifies the tokens', async () => {
    const next = await generateSigningKeys();
    const jwks = await publicJwks([next.publicKeyPem, keys.publicKeyPem, undefined]);
    assert.equal(jwks.keys.length, 2);
    for (const key of jwks.keys) assert.deepEqual(Object.keys(key).sort(), ['alg', 'crv', 'kid', 'kty', 'use', 'x']);
    const token = await signer.sign('user-42');
    assert.equal(jwks.keys[1]?.kid, decodeProtectedHeader(token).kid);
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { issuer });
    assert.equal(payload.sub, 'user-42');
  });
});

describe('the verified-token cache', () => {
  it('refuses a remembered token once it expires, and forgets the least recently used beyond its size', async () => {
    const cached = await createTokenVerifier(keys.publicKeyPem, issuer, { cacheSize: 2 });
    const shortLived = await (await createTokenSigner(keys.privateKeyPem, issuer, 1)).sign('user-1');
    assert.equal((await cached.verify(shortLived)).userId, 'user-1');
    assert.equal((await cached.verify(shortLived)).userId, 'user-1', 'answered from the cache');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await assert.rejects(cached.verify(shortLived), 'an expired token is refused though it was remembered');

    const tokens = await Promise.all(['a', 'b', 'c'].map((user) => signer.sign(user)));
    for (const token of tokens) await cached.verify(token);
    // A tampered copy never matches a remembered string, so it is checked and refused.
    const [header, payload] = (tokens[2] ?? '').split('.');
    await assert.rejects(cached.verify(`${header ?? ''}.${payload ?? ''}.${'A'.repeat(86)}`));
    assert.deepEqual(await Promise.all(tokens.map(async (token) => (await cached.verify(token)).userId)), ['a', 'b', 'c']);
  });
});
