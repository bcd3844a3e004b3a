// The one API client of the web app: openapi-fetch typed by the services' OpenAPI documents
// (generated/), so a path, its parameters, its body and its answer are the services' own. Every
// user call goes through `api`, whose middleware adds the bearer token and turns failures into
// ApiError. A 401 means the token is no longer good, so it is dropped here and the session is told
// (it clears the user and goes to /).
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/index.ts';

const TOKEN_KEY = 'token';

/** A failed call: the HTTP status plus the server's `{ error, code }` body when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;

  constructor(status: number, serverMessage?: string, code?: string) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
  }
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

const unauthorizedListeners = new Set<() => void>();

/** Runs `listener` after a call with a token was answered 401; returns the unsubscribe function. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

// Error bodies may not be JSON (a proxy's HTML page, an empty 502); the status still counts.
function parseErrorBody(text: string): { error?: unknown; code?: unknown } {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The ApiError of an answer that is not a success, with the server's `{ error, code }` when it sent them. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const { error, code } = parseErrorBody(await response.text());
  return new ApiError(response.status, asString(error), asString(code));
}

/** JSON unless the call asks for something else (an invoice's PDF). */
export function acceptJson(request: Request): void {
  if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
}

/** The signed-in user's token on every call; any failure (401 included) becomes an ApiError. */
export const userSession: Middleware = {
  onRequest({ request }) {
    acceptJson(request);
    const token = getToken();
    if (token !== null) request.headers.set('Authorization', `Bearer ${token}`);
  },
  async onResponse({ request, response }) {
    if (response.ok) return;
    if (response.status === 401 && request.headers.has('Authorization')) {
      clearToken();
      for (const listener of unauthorizedListeners) listener();
    }
    throw await apiErrorOf(response);
  },
};

/**
 * The calls of every service, through the gateway on the page's own origin (`/api/...`), with the
 * global fetch as it is when a call is made, not when this module loaded.
 */
export const api = createClient<paths>({ fetch: (request) => fetch(request) });
api.use(userSession);

/**
 * What a call answered, and the answer itself (for its headers). The middleware has already thrown
 * an ApiError for any failure, so a call that returns succeeded: its data (undefined for an empty
 * answer) is all there is to read.
 */
export async function answerOf<T>(call: Promise<{ data?: T; response: Response }>): Promise<{ data: T; response: Response }> {
  const { data, response } = await call;
  return { data: data as T, response };
}

/** What a call answered (see answerOf). */
export async function dataOf<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  return (await answerOf(call)).data;
}
