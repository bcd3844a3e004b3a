import { SignJWT, exportJWK, importPKCS8, importSPKI, jwtVerify, generateKeyPair, exportPKCS8, exportSPKI, type JWK } from 'jose';

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

export async function createTokenSigner(privateKeyPem: string, issuer: string, ttlSeconds: number): Promise<TokenSigner> {
  const key = await importPKCS8(privateKeyPem, algorithm);
  return {
    sign: (userId) => new SignJWT({ iat_ms: Date.now() }).setProtectedHeader({ alg: algorithm }).setSubject(userId).setIssuer(issuer).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(key),
  };
}

export async function createTokenVerifier(publicKeyPem: string, issuer: string): Promise<TokenVerifier> {
  const key = await importSPKI(publicKeyPem, algorithm);
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, key, { issuer, algorithms: [algorithm] });
      if (!payload.sub || payload.iat === undefined) throw new Error('token lacks subject or issue time');
      return { userId: payload.sub, issuedAtMs: typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000 };
    },
  };
}

export async function generateSigningKeys(): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  const { privateKey, publicKey } = await generateKeyPair(algorithm, { extractable: true });
  return { privateKeyPem: await exportPKCS8(privateKey), publicKeyPem: await exportSPKI(publicKey) };
}

/** The public key as a JWKS document, for verifiers that fetch keys rather than read config. */
export async function publicJwks(publicKeyPem: string): Promise<{ keys: JWK[] }> {
  const jwk = await exportJWK(await importSPKI(publicKeyPem, algorithm, { extractable: true }));
  return { keys: [{ ...jwk, alg: algorithm, use: 'sig' }] };
}
