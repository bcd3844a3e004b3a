// The admin's credentials (spec sections 3 and 6): HTTP basic authentication, kept for the tab's
// life in session storage, never in local storage, so closing the tab signs the admin out.

const CREDENTIALS_KEY = 'adminCredentials';

/**
 * The Authorization header for `username` and `password`: 'Basic ' and base64 of their UTF-8
 * bytes, as RFC 7617 asks (btoa alone takes only Latin-1 and throws on anything else).
 */
export function basicAuthorization(username: string, password: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(`${username}:${password}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

// Kept in memory too: with storage switched off the session still lasts until the next reload.
let kept: string | null | undefined;

/** The kept Authorization header, or null when the admin is signed out. */
export function loadAuthorization(): string | null {
  if (kept === undefined) {
    try {
      kept = sessionStorage.getItem(CREDENTIALS_KEY);
    } catch {
      kept = null;
    }
  }
  return kept;
}

export function storeAuthorization(authorization: string): void {
  kept = authorization;
  try {
    sessionStorage.setItem(CREDENTIALS_KEY, authorization);
  } catch {
    // Storage is switched off: the copy in memory serves.
  }
}

export function clearAuthorization(): void {
  kept = null;
  try {
    sessionStorage.removeItem(CREDENTIALS_KEY);
  } catch {
    // Nothing was kept there.
  }
}
