import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError, SECURITY_HEADERS, Type, createLogger, createMetrics, createServiceApp, type ServiceApp } from '../../src/index.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('createServiceApp', () => {
  let app: ServiceApp;
  let databaseHealthy = true;
  let cacheHangs = false;

  before(async () => {
    app = await createServiceApp({
      service: 'demo',
      logger: createLogger('demo', 'silent'),
      metrics: createMetrics('demo'),
      bodyLimit: 2048,
      readiness: [
        {
          name: 'database',
          check: async () => {
            if (!databaseHealthy) throw new Error('connection refused');
          },
        },
        { name: 'cache', check: () => (cacheHangs ? new Promise<void>(() => undefined) : Promise.resolve()) },
      ],
    });
    app.post('/widgets', { schema: { body: Type.Object({ name: Type.String({ minLength: 1 }) }) } }, async (request, reply) => {
      void reply.status(201);
      return { name: request.body.name };
    });
    app.get('/widgets/:id', { schema: { params: Type.Object({ id: Type.Integer() }) } }, async (request) => ({ id: request.params.id }));
    app.get(
      '/widgets',
      { schema: { querystring: Type.Object({ colour: Type.String(), limit: Type.Integer({ default: 20 }) }) } },
      async (request) => request.query,
    );
    app.get('/taken', async () => {
      throw new AppError(409, 'WIDGET_TAKEN', 'That widget name is taken.');
    });
    app.get('/crash', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    await app.ready();
  });
  after(() => app.close());

  it('answers a schema violation with 400 and the service-prefixed validation code', async () => {
    const response = await app.inject({ method: 'POST', url: '/widgets', payload: { name: '' } });
    assert.equal(response.statusCode, 400);
    const body = response.json<{ error: string; code: string }>();
    assert.equal(body.code, 'DEMO_VALIDATION');
    assert.match(body.error, /^Invalid request: .*name/);
    assert.equal((await app.inject({ method: 'POST', url: '/widgets', payload: { name: 'ok' } })).statusCode, 201);
  });

  it('answers an unknown route with 404 in the one error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/route' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { error: 'Not found', code: 'DEMO_NOT_FOUND' });
    assert.equal(response.headers['x-served-by'], 'demo');
  });

  it('puts the security headers on every answer: success, refusals, a crash, and a URL refused before routing', async () => {
    const requests = [
      { method: 'POST', url: '/widgets', payload: { name: 'ok' } },
      { method: 'POST', url: '/widgets', payload: { name: '' } },
      { method: 'GET', url: '/taken' },
      { method: 'GET', url: '/crash' },
      { method: 'GET', url: '/no/such/route' },
      { method: 'GET', url: '/healthz' },
      { method: 'GET', url: '/%zz' },
      { method: 'GET', url: '/widgets/%E0%A4%A' },
    ] as const;
    for (const request of requests) {
      const response = await app.inject(request);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(response.headers[name], value, `${name} on ${request.method} ${request.url}`);
      assert.match(String(response.headers['x-request-id']), uuid, request.url);
    }
  });

  it('answers a URL that cannot be decoded with 400 in the one error shape', async () => {
    for (const url of ['/%zz', '/widgets/%E0%A4%A']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 400, url);
      assert.deepEqual(response.json(), { error: 'Bad request: the URL is malformed', code: 'DEMO_BAD_URL' }, url);
      assert.equal(response.headers['x-served-by'], 'demo');
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await app.inject({ method: 'POST', url: '/widgets', payload: { name: 'x'.repeat(3000) } });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json<{ code: string }>().code, 'DEMO_PAYLOAD_TOO_LARGE');
  });

  it('refuses malformed JSON with 400 and a non-JSON content type with 415', async () => {
    const invalid = await app.inject({ method: 'POST', url: '/widgets', headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    assert.equal(invalid.statusCode, 400);
    assert.deepEqual(invalid.json(), { error: 'Request body is not valid JSON', code: 'DEMO_INVALID_JSON' });

    const xml = await app.inject({ method: 'POST', url: '/widgets', headers: { 'content-type': 'application/xml' }, payload: '<name>x</name>' });
    assert.equal(xml.statusCode, 415);
    assert.equal(xml.json<{ code: string }>().code, 'DEMO_UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a thrown AppError with its status, message and prefixed code', async () => {
    const response = await app.inject({ method: 'GET', url: '/taken' });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), { error: 'That widget name is taken.', code: 'DEMO_WIDGET_TAKEN' });
  });

  it('hides an unexpected error behind a generic 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/crash' });
    assert.equal(response.statusCode, 500);
    assert.equal(response.json<{ code: string }>().code, 'DEMO_INTERNAL');
    assert.doesNotMatch(response.body, /secret|hunter2/);
  });

  it('keeps a sane x-request-id, replaces an absurd one and generates one when absent', async () => {
    const idOf = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/healthz', headers })).headers['x-request-id'];
    assert.equal(await idOf({ 'x-request-id': 'req-42.a:b_c' }), 'req-42.a:b_c');
    for (const absurd of ['x'.repeat(300), 'has spaces in it', 'slash/and;semicolon']) {
      const id = await idOf({ 'x-request-id': absurd });
      assert.match(String(id), uuid, `replacing ${absurd}`);
    }
    const generated = await idOf({});
    assert.match(String(generated), uuid);
    assert.notEqual(await idOf({}), generated);
  });

  it('reports liveness, and readiness naming the failing check', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(health.statusCode, 200);
    assert.equal(health.headers['x-served-by'], 'demo');

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), { status: 'ready', checks: { database: 'ok', cache: 'ok' } });

    databaseHealthy = false;
    try {
      const unready = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(unready.statusCode, 503);
      assert.deepEqual(unready.json(), { status: 'unavailable', checks: { database: 'failing', cache: 'ok' } });
    } finally {
      databaseHealthy = true;
    }
  });

  it('exposes request durations by route template, not by raw path', async () => {
    assert.equal((await app.inject({ method: 'GET', url: '/widgets/7' })).statusCode, 200);
    await app.inject({ method: 'GET', url: '/unknown-path-8127' });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(metrics.statusCode, 200);
    assert.match(metrics.headers['content-type'] ?? '', /^text\/plain/);
    assert.match(metrics.body, /http_request_duration_seconds_count\{[^}]*route="\/widgets\/:id"[^}]*status_code="200"[^}]*\} 1\n/);
    assert.doesNotMatch(metrics.body, /unknown-path-8127/);
  });

  it('documents registered routes in /openapi.json and hides the operational ones', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    assert.ok(paths.includes('/widgets'), paths.join(', '));
    assert.ok(paths.includes('/widgets/{id}'), paths.join(', '));
    assert.ok(!paths.includes('/healthz') && !paths.includes('/metrics'), paths.join(', '));
  });

  it('documents a query parameter with a default as one the client may leave out, and fills it in', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, { get: { parameters: { name: string; required: boolean }[] } }>;
    }>();
    const parameters = document.paths['/widgets']?.get.parameters.map(({ name, required }) => ({ name, required }));
    assert.deepEqual(parameters, [
      { name: 'colour', required: true },
      { name: 'limit', required: false },
    ]);
    assert.deepEqual((await app.inject({ method: 'GET', url: '/widgets?colour=red' })).json(), { colour: 'red', limit: 20 });
    assert.equal((await app.inject({ method: 'GET', url: '/widgets' })).statusCode, 400);
  });

  it('answers /readyz within its timeout when a dependency hangs, naming it', async () => {
    cacheHangs = true;
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { status: 'unavailable', checks: { database: 'ok', cache: 'failing' } });
    } finally {
      cacheHangs = false;
    }
  });
});
