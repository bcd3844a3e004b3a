// The API clients' middleware on openapi-fetch, against a stand-in fetch: what every call sends,
// and what a failure becomes (spec section 8 maps ApiError to the texts users see).
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError, dataOf, getToken, onUnauthorized, storeToken, userSession } from '../../src/api/client.ts';
import type { paths } from '../../src/api/generated/index.ts';
import { adminSession, onAdminUnauthorized } from '../../src/pages/admin/api/adminClient.ts';
import { loadAuthorization, storeAuthorization } from '../../src/pages/admin/session/credentials.ts';

/** The requests sent, and the answer the next one gets. */
let sent: Request[] = [];
const user = () => Response.json({ name: 'Asha', email: 'asha@example.com' });
let answer = user;

// The app calls through the gateway on its own origin; Node needs an absolute URL.
const first = (): Request => {
  const [request] = sent;
  assert.ok(request, 'a request was sent');
  return request;
};

const clientWith = (session: Middleware) => {
  const client = createClient<paths>({
    baseUrl: 'http://gateway.test',
    fetch: async (request) => {
      sent.push(request);
      return answer();
    },
  });
  client.use(session);
  return client;
};

const stored = new Map<string, string>();
before(() => {
  const storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (key) => stored.get(key) ?? null,
    setItem: (key, value) => {
      stored.set(key, value);
    },
    removeItem: (key) => {
      stored.delete(key);
    },
  };
  globalThis.localStorage = storage as Storage;
});
after(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});
afterEach(() => {
  sent = [];
  answer = user;
  stored.clear();
});

describe("the user's API client", () => {
  const api = clientWith(userSession);

  it("sends the token and asks for JSON; a success is the answer's data", async () => {
    storeToken('t-1');
    assert.deepEqual(await dataOf(api.GET('/api/user')), { name: 'Asha', email: 'asha@example.com' });
    const request = first();
    assert.equal(request.headers.get('Authorization'), 'Bearer t-1');
    assert.equal(request.headers.get('Accept'), 'application/json');
    assert.equal(request.url, 'http://gateway.test/api/user');
  });

  it('sends a JSON body, and path parameters in the path', async () => {
    await dataOf(api.PUT('/api/chat/history/{id}/feedback', { params: { path: { id: 'a b' } }, body: { helpful: false, reason: 'old' } }));
    const request = first();
    assert.equal(request.url, 'http://gateway.test/api/chat/history/a%20b/feedback');
    assert.equal(request.headers.get('Content-Type'), 'application/json');
    assert.deepEqual(await request.json(), { helpful: false, reason: 'old' });
  });

  it("turns a failure into an ApiError with the server's text and code", async () => {
    answer = () => Response.json({ error: 'No active subscription', code: 'BILLING_NO_SUBSCRIPTION' }, { status: 404 });
    const error = await dataOf(api.GET('/api/subscription')).catch((thrown: unknown) => thrown);
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.serverMessage, error.code], [404, 'No active subscription', 'BILLING_NO_SUBSCRIPTION']);
  });

  it('keeps the status of a failure whose body is not JSON', async () => {
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    const error = await dataOf(api.GET('/api/subscription')).catch((thrown: unknown) => thrown);
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.serverMessage, error.code], [502, undefined, undefined]);
  });

  it('drops the token and tells the session when a call with it is answered 401, and only then', async () => {
    answer = () => Response.json({ error: 'Your session has expired.', code: 'IDENTITY_INVALID_TOKEN' }, { status: 401 });
    let told = 0;
    const stop = onUnauthorized(() => (told += 1));
    try {
      await assert.rejects(dataOf(api.POST('/api/login', { body: { email: 'a@example.com', password: 'wrong' } })), ApiError);
      assert.equal(told, 0, 'no token, no session to end');
      storeToken('t-2');
      await assert.rejects(dataOf(api.GET('/api/user')), ApiError);
      assert.equal(told, 1);
      assert.equal(getToken(), null);
    } finally {
      stop();
    }
  });
});

describe("the admin panel's API client", () => {
  const adminApi = clientWith(adminSession);

  it('sends the kept credentials, or those the call brings (signing in)', async () => {
    answer = () => Response.json({});
    storeAuthorization('Basic a2VwdA==');
    await dataOf(adminApi.GET('/api/admin/stats'));
    await dataOf(adminApi.GET('/api/admin/stats', { headers: { Authorization: 'Basic dHJpZWQ=' } }));
    assert.deepEqual(
      sent.map((request) => request.headers.get('Authorization')),
      ['Basic a2VwdA==', 'Basic dHJpZWQ='],
    );
  });

  it('ends the admin session on a 401 to the kept credentials, not to credentials being tried', async () => {
    answer = () => Response.json({ error: 'Invalid credentials', code: 'ADMIN_REPORTING_INVALID_CREDENTIALS' }, { status: 401 });
    let told = 0;
    const stop = onAdminUnauthorized(() => (told += 1));
    try {
      storeAuthorization('Basic a2VwdA==');
      await assert.rejects(dataOf(adminApi.GET('/api/admin/stats', { headers: { Authorization: 'Basic dHJpZWQ=' } })), ApiError);
      assert.equal(told, 0);
      assert.equal(loadAuthorization(), 'Basic a2VwdA==');
      await assert.rejects(dataOf(adminApi.GET('/api/admin/stats')), ApiError);
      assert.equal(told, 1);
      assert.equal(loadAuthorization(), null);
      // Signed out: the next call is not sent at all.
      sent = [];
      await assert.rejects(dataOf(adminApi.GET('/api/admin/stats')), (error: unknown) => error instanceof ApiError && error.status === 401);
      assert.deepEqual(sent, []);
    } finally {
      stop();
    }
  });
});
