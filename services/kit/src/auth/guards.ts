import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import type { TokenClaims, TokenVerifier } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard on routes that require a signed-in user. */
    auth?: TokenClaims;
  }
}

/** Whether a validly signed token was revoked since (a password change ends every session). */
export type RevocationCheck = (claims: TokenClaims) => boolean | Promise<boolean>;

/**
 * A preHandler that admits only requests with a valid, unrevoked bearer token; the web client
 * drops the token on 401.
 */
export function bearerGuard(verifier: TokenVerifier, isRevoked: RevocationCheck = async () => false) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized('Authentication required');
    let claims: TokenClaims;
    try {
      claims = await verifier.verify(match[1]);
    } catch {
      throw unauthorized('Your session has expired. Please sign in again.', 'INVALID_TOKEN');
    }
    if (await isRevoked(claims)) throw unauthorized('Your session has ended. Please sign in again.', 'SESSION_REVOKED');
    request.auth = claims;
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): TokenClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of strings of any length. */
export const safeEqual = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b));

export interface BasicCredentialsCheck {
  username: string;
  verifyPassword(password: string): Promise<boolean>;
}

/** HTTP basic auth for the admin service: the username compared in constant time, the password by a hash check. */
export function basicAuthGuard(check: BasicCredentialsCheck) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header) : null;
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const separator = decoded.indexOf(':');
    const username = separator >= 0 ? decoded.slice(0, separator) : '';
    const password = separator >= 0 ? decoded.slice(separator + 1) : '';
    const userOk = safeEqual(username, check.username);
    const passwordOk = await check.verifyPassword(password);
    if (separator < 0 || !userOk || !passwordOk) throw unauthorized('Invalid credentials', 'INVALID_CREDENTIALS');
  };
}
