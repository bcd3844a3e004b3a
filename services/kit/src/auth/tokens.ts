import {
  SignJWT,
  calculateJwkThumbprint,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  jwtVerify,
  type JWK,
} from 'jose';

/** Ed25519: small keys and signatures, and only identity holds the private half. */
const algorithm = 'EdDSA';

export interface TokenClaims {
  userId: string;
  /**
   * Issued-at in milliseconds (JWT's `iat` counts seconds, too coarse to tell a token issued
   * just before a password change from one issued just after it).
   */
  issuedAtMs: number;
}

export interface TokenSigner {
  sign(userId: string): Promise<string>;
}

export interface TokenVerifier {
  verify(token: string): Promise<TokenClaims>;
}

/**
 * A key's id is its RFC 7638 thumbprint: signer and verifiers derive the same `kid` from the key
 * itself, so no separate id has to be configured (or can be configured wrong).
 */
const keyId = (jwk: JWK): Promise<string> => calculateJwkThumbprint(jwk, 'sha256');

async function publicJwk(publicKeyPem: string): Promise<JWK> {
  const jwk = await exportJWK(await importSPKI(publicKeyPem, algorithm, { extractable: true }));
  return { ...jwk, kid: await keyId(jwk), alg: algorithm, use: 'sig' };
}

export async function createTokenSigner(privateKeyPem: string, issuer: string, ttlSeconds: number): Promise<TokenSigner> {
  const key = await importPKCS8(privateKeyPem, algorithm, { extractable: true });
  const { kty, crv, x } = await exportJWK(key);
  const kid = await keyId({ kty, crv, x });
  return {
    sign: (userId) =>
      new SignJWT({ iat_ms: Date.now() })
        .setProtectedHeader({ alg: algorithm, kid })
        .setSubject(userId)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
  };
}

/**
 * Verifies tokens against every key given (the current one and, during a rotation, the
 * previous one), picked by the token's `kid`. A token without a `kid`, with an unknown one,
 * or without `exp`, `iat` and `sub` is refused.
 */
export async function createTokenVerifier(
  publicKeyPems: string | readonly (string | undefined)[],
  issuer: string,
  options: { cacheSize?: number } = {},
): Promise<TokenVerifier> {
  const jwks = await publicJwks(publicKeyPems);
  const keySet = createLocalJWKSet(jwks);
  const cacheSize = options.cacheSize ?? 10_000;
  // A client sends the same token with every request, and checking an Ed25519 signature costs
  // more than the rest of a typical read. The same string always verifies the same way with
  // the same keys, so a token verified once is remembered until it expires (least recently
  // used first out).
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  return {
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAtMs > Date.now()) {
        verified.delete(token);
        verified.set(token, known);
        return { ...known.claims };
      }
      verified.delete(token);
      if (typeof decodeProtectedHeader(token).kid !== 'string') throw new Error('token names no key');
      const { payload } = await jwtVerify(token, keySet, { issuer, algorithms: [algorithm], requiredClaims: ['exp', 'iat', 'sub'] });
      if (!payload.sub || payload.iat === undefined || payload.exp === undefined) throw new Error('token lacks subject, issue or expiry time');
      const claims = { userId: payload.sub, issuedAtMs: typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000 };
      if (cacheSize > 0) {
        if (verified.size >= cacheSize) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      }
      return { ...claims };
    },
  };
}

/** The keys a service verifies tokens with: JWT_PUBLIC_KEY, then JWT_PREVIOUS_PUBLIC_KEY while a rotation lasts. */
export const verificationKeys = (config: { JWT_PUBLIC_KEY: string; JWT_PREVIOUS_PUBLIC_KEY?: string | undefined }): string[] =>
  [config.JWT_PUBLIC_KEY, config.JWT_PREVIOUS_PUBLIC_KEY].filter((key): key is string => key !== undefined);

export async function generateSigningKeys(): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  const { privateKey, publicKey } = await generateKeyPair(algorithm, { extractable: true });
  return { privateKeyPem: await exportPKCS8(privateKey), publicKeyPem: await exportSPKI(publicKey) };
}

/** The public keys as a JWKS document (each with its `kid`), for verifiers that fetch keys rather than read config. */
export async function publicJwks(publicKeyPems: string | readonly (string | undefined)[]): Promise<{ keys: JWK[] }> {
  const pems = [publicKeyPems].flat().filter((pem): pem is string => pem !== undefined);
  const keys = await Promise.all(pems.map(publicJwk));
  return { keys: keys.filter((key, index) => keys.findIndex((other) => other.kid === key.kid) === index) };
}
