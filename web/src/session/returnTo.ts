/** The location state RequireUser hands to /login: the page the visitor asked for. */
export interface ReturnState {
  from: string;
}

const HOME_AFTER_SIGN_IN = '/chat';

/**
 * Where to go after signing in: the protected page the visitor was sent away from, when the state
 * names a path of this site (never another origin, nor a scheme-relative `//host` or `/\host`),
 * else /chat (spec section 4).
 */
export function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as Partial<ReturnState>).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return HOME_AFTER_SIGN_IN;
  return from;
}
