// The admin panel's own client: its calls carry the admin's basic authentication, never the user's
// bearer token (an admin need not be a signed-in user, and a refusal here must not sign one out).
// A 401 on the kept credentials ends the admin session: they are dropped and the session is told.
import createClient, { type Middleware } from 'openapi-fetch';
import { acceptJson, ApiError, apiErrorOf } from '../../../api/client.ts';
import type { paths } from '../../../api/generated/index.ts';
import { clearAuthorization, loadAuthorization } from '../session/credentials.ts';

const unauthorizedListeners = new Set<() => void>();

/** Runs `listener` after a call with the kept credentials was answered 401; returns the unsubscribe function. */
export function onAdminUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function endSession(): void {
  clearAuthorization();
  for (const listener of unauthorizedListeners) listener();
}

/** The calls sent with the kept credentials, whose 401 ends the session. */
const withKeptCredentials = new WeakSet<Request>();

/**
 * The kept credentials on every call that brings none of its own (signing in tries credentials
 * not yet kept); with none kept the call is not sent. Any failure becomes an ApiError.
 */
export const adminSession: Middleware = {
  onRequest({ request }) {
    acceptJson(request);
    if (request.headers.has('Authorization')) return;
    const kept = loadAuthorization();
    if (kept === null) {
      endSession();
      throw new ApiError(401);
    }
    request.headers.set('Authorization', kept);
    withKeptCredentials.add(request);
  },
  async onResponse({ request, response }) {
    if (response.ok) return;
    if (response.status === 401 && withKeptCredentials.has(request)) endSession();
    throw await apiErrorOf(response);
  },
};

/** admin-reporting's calls, through the gateway. */
export const adminApi = createClient<paths>({ fetch: (request) => fetch(request) });
adminApi.use(adminSession);
