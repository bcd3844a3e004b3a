import { Type, baseSettings, type Static } from '@betterplus/kit';

export const identitySettings = Type.Object({
  ...baseSettings,
  /** Ed25519 private key (PEM, PKCS#8) that signs session tokens; only identity holds it. */
  JWT_PRIVATE_KEY: Type.String({ minLength: 1 }),
  /** How long a session token stays valid. */
  TOKEN_TTL_SECONDS: Type.Integer({ minimum: 60, default: 7 * 24 * 3600 }),
});

export type IdentityConfig = Static<typeof identitySettings>;
