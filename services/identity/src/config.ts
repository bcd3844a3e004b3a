import { Type, baseSettings, type Static } from '@betterplus/kit';

export const identitySettings = Type.Object({
  ...baseSettings,
  /** Ed25519 private key (PEM, PKCS#8) that signs session tokens; only identity holds it. */
  JWT_PRIVATE_KEY: Type.String({ minLength: 1 }),
  /**
   * Notifications' X25519 public key (PEM, SPKI): OTP codes and reset tokens leave identity only
   * sealed to it, so the outbox, the broker and the logs never hold them in plaintext.
   */
  NOTIFICATIONS_PUBLIC_KEY: Type.String({ minLength: 1 }),
  /** How long a session token stays valid. */
  TOKEN_TTL_SECONDS: Type.Integer({ minimum: 60, default: 7 * 24 * 3600 }),
  /**
   * Sign-in, signup and reset requests counted per client address and per account within one
   * window; past either limit the caller gets 429. The per-address limit is higher because
   * several people may share one address (a campus, an office).
   */
  AUTH_RATE_LIMIT_PER_IP: Type.Integer({ minimum: 1, default: 100 }),
  AUTH_RATE_LIMIT_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 20 }),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 15 * 60 }),
  /** OAuth client id of the web app; absent turns Google sign-in off (the web hides the button). */
  GOOGLE_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  /** Google's endpoints, settings so tests and air-gapped setups can point elsewhere. */
  GOOGLE_TOKENINFO_URL: Type.String({ pattern: '^https?://', default: 'https://oauth2.googleapis.com/tokeninfo' }),
  GOOGLE_USERINFO_URL: Type.String({ pattern: '^https?://', default: 'https://www.googleapis.com/oauth2/v3/userinfo' }),
  /** How long one call to Google may take before sign-in answers that Google is unreachable. */
  GOOGLE_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 5000 }),
});

export type IdentityConfig = Static<typeof identitySettings>;
