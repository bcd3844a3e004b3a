// Calls against the stack under load: the base URL, JSON bodies and the headers the web app sends.
import http from 'k6/http';

/** The gateway the web app talks to (run.sh sets it to the stack it started). */
export const baseUrl = (__ENV.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');

export const url = (path) => `${baseUrl}${path}`;

const jsonHeaders = { 'content-type': 'application/json' };

/** Request params with the signed-in user's bearer token (plus any other params). */
export const asUser = (token, params = {}) => ({ ...params, headers: { ...params.headers, authorization: `Bearer ${token}` } });

export const getJson = (path, params) => http.get(url(path), params);

export const postJson = (path, body, params = {}) => http.post(url(path), JSON.stringify(body), { ...params, headers: { ...jsonHeaders, ...params.headers } });

/** The parsed body, or undefined when it is not JSON (an error page, a reset connection). */
export function bodyOf(response) {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

/** For http.batch: a POST of `body` as JSON. */
export const batchedPost = (path, body, params = {}) => [
  'POST',
  url(path),
  JSON.stringify(body),
  { ...params, headers: { ...jsonHeaders, ...params.headers } },
];
