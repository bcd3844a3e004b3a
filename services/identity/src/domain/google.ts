import { normalizeEmail, normalizeName } from './accounts.ts';

/** What sign-in takes from Google's profile endpoint; the browser's copy is never trusted. */
export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/**
 * An access token is only ours to accept if Google issued it to our client id: otherwise any
 * other site that got a user's token could sign in as them here.
 */
export function issuedToUs(tokenInfo: unknown, clientId: string): boolean {
  const { aud, azp, expires_in: expiresIn } = record(tokenInfo);
  const forUs = aud === clientId || azp === clientId;
  // Google answers 400 for expired tokens; a zero or negative lifetime is refused all the same.
  const live = expiresIn === undefined || Number(expiresIn) > 0;
  return forUs && live;
}

/** The profile, or undefined when Google's answer lacks a stable id or an email. */
export function readProfile(userInfo: unknown): GoogleProfile | undefined {
  const { sub, email, email_verified: verified, name } = record(userInfo);
  if (typeof sub !== 'string' || sub === '' || typeof email !== 'string' || !email.includes('@')) return undefined;
  return {
    sub,
    email: normalizeEmail(email),
    // The v3 endpoint answers a boolean; older ones the string "true".
    emailVerified: verified === true || verified === 'true',
    name: typeof name === 'string' ? name : '',
  };
}

/** A name for a new account: Google's, else the address before the @ (names are at most 100). */
export function displayName(profile: GoogleProfile): string {
  const name = normalizeName(profile.name) || (profile.email.split('@')[0] ?? '');
  return name.slice(0, 100);
}
