// The one API client of the web app: every user call goes through `api`, which adds the bearer
// token, parses JSON and turns failures into ApiError. A 401 means the token is no longer good,
// so it is dropped here and the session is told (it clears the user and goes to /).

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

/** Sends a call with the token; a failure (401 included) becomes an ApiError, a success is returned unread. */
async function send(method: string, path: string, body: unknown, accept: string): Promise<Response> {
  const headers = new Headers({ Accept: accept });
  const token = getToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

  if (!response.ok) {
    if (response.status === 401 && token !== null) {
      clearToken();
      for (const listener of unauthorizedListeners) listener();
    }
    const { error, code } = parseErrorBody(await response.text());
    throw new ApiError(response.status, asString(error), asString(code));
  }
  return response;
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const text = await (await send(method, path, body, 'application/json')).text();
  // The caller names the answer's type; an empty body (204) comes back as undefined.
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** A file the server sends (an invoice's PDF), read whole. */
  file: async (path: string, accept: string): Promise<Blob> => (await send('GET', path, undefined, accept)).blob(),
};
