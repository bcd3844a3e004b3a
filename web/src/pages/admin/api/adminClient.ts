// The admin panel's own client: its calls carry the admin's basic authentication, never the user's
// bearer token (an admin need not be a signed-in user, and a refusal here must not sign one out).
// A 401 on the kept credentials ends the admin session: they are dropped and the session is told.
import { ApiError } from '../../../api/client.ts';
import { clearAuthorization, loadAuthorization } from '../session/credentials.ts';

const unauthorizedListeners = new Set<() => void>();

/** Runs `listener` after a call with the kept credentials was answered 401; returns the unsubscribe function. */
export function onAdminUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

// The admin service answers errors as { code, message }; a proxy's page or an empty 502 may not be JSON.
async function failure(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const { code, message } = typeof body === 'object' && body !== null ? (body as { code?: unknown; message?: unknown }) : {};
  return new ApiError(response.status, typeof message === 'string' ? message : undefined, typeof code === 'string' ? code : undefined);
}

/**
 * GETs `path` with `authorization` (signing in tries credentials not yet kept) or else the kept
 * credentials; a failure becomes an ApiError, a success is returned unread.
 */
export async function adminRequest(path: string, accept: string, authorization?: string): Promise<Response> {
  const kept = authorization === undefined;
  const header = authorization ?? loadAuthorization();
  const response = header === null ? null : await fetch(path, { headers: { Accept: accept, Authorization: header } });
  if (response?.ok === true) return response;
  if (kept && (response === null || response.status === 401)) {
    clearAuthorization();
    for (const listener of unauthorizedListeners) listener();
  }
  throw response === null ? new ApiError(401) : await failure(response);
}

export async function adminGet<T>(path: string, authorization?: string): Promise<T> {
  // The caller names the answer's type, as with the user client.
  return (await (await adminRequest(path, 'application/json', authorization)).json()) as T;
}
