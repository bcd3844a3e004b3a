import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type, createLogger, createMetrics, createServiceApp, type ServiceApp } from '../../src/index.ts';

describe('request input', () => {
  let app: ServiceApp;

  before(async () => {
    app = await createServiceApp({ service: 'demo', logger: createLogger('demo', 'silent'), metrics: createMetrics('demo'), bodyLimit: 4096, readiness: [] });
    const Body = Type.Object({
      email: Type.String(),
      name: Type.Optional(Type.String()),
      tags: Type.Optional(Type.Array(Type.String())),
      count: Type.Optional(Type.Integer()),
      agreed: Type.Optional(Type.Boolean()),
    });
    app.post('/accounts', { schema: { body: Body } }, async (request) => request.body);
    app.get(
      '/items/:id',
      {
        schema: {
          params: Type.Object({ id: Type.Integer() }),
          querystring: Type.Object({ limit: Type.Optional(Type.Integer()), q: Type.Optional(Type.String()) }),
        },
      },
      async (request) => ({
        id: request.params.id,
        limit: request.query.limit ?? null,
        q: request.query.q ?? null,
      }),
    );
    app.get('/echo/:word', async (request) => request.params);
    await app.ready();
  });
  after(() => app.close());

  const post = (payload: unknown) => app.inject({ method: 'POST', url: '/accounts', payload: payload as object });

  it('refuses a number, boolean, array or object where the body declares a string', async () => {
    for (const email of [['a@b.co'], 42, true, { address: 'a@b.co' }, null]) {
      const response = await post({ email });
      assert.equal(response.statusCode, 400, `email: ${JSON.stringify(email)}`);
      assert.equal(response.json<{ code: string }>().code, 'DEMO_VALIDATION');
    }
  });

  it('refuses a string where the body declares a number, a boolean or an array', async () => {
    for (const extra of [{ count: '5' }, { agreed: 'true' }, { tags: 'one' }]) {
      assert.equal((await post({ email: 'a@b.co', ...extra })).statusCode, 400, JSON.stringify(extra));
    }
    assert.deepEqual((await post({ email: 'a@b.co', count: 5, agreed: true, tags: ['one'] })).json(), {
      email: 'a@b.co',
      count: 5,
      agreed: true,
      tags: ['one'],
    });
  });

  it('still reads numbers from the query string and the path, where everything arrives as text', async () => {
    const response = await app.inject({ method: 'GET', url: '/items/7?limit=5&q=x' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { id: 7, limit: 5, q: 'x' });
    assert.equal((await app.inject({ method: 'GET', url: '/items/seven' })).statusCode, 400);
  });

  it('answers a NUL character in the body, the query or the path with 400 in the error shape', async () => {
    const responses = [
      await post({ email: 'a@b.co', name: 'Al\u0000ice' }),
      await post({ email: 'a@b.co', tags: ['ok', 'n\u0000'] }),
      await post({ email: 'a@b.co', ['na\u0000me']: 'x' }),
      await app.inject({ method: 'GET', url: '/items/7?q=a%00b' }),
      await app.inject({ method: 'GET', url: '/echo/a%00b' }),
    ];
    for (const response of responses) {
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json(), { error: 'Invalid request: text must not contain NUL characters', code: 'DEMO_VALIDATION' });
    }
  });
});
