import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createLocalGateway } from '../src/local-gateway.ts';
import { ROUTES, SERVICE_NAMES, isSegmentPrefix } from '../src/route-table.ts';
import type { ServiceName } from '../src/route-table.ts';
import { closedPortUrl, startEchoUpstreams } from '../src/testing/echo-upstream.ts';
import type { EchoReply } from '../src/testing/echo-upstream.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INDEX_HTML = '<!doctype html><title>Better+</title><div id="root"></div>';

/** A path under a route-table prefix, e.g. /api/user/probe or /api/auth/probe. */
function probePath(prefix: string): string {
  return isSegmentPrefix(prefix) ? `${prefix}/probe` : `${prefix}probe`;
}

async function withWebRoot(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'betterplus-web-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), content);
  }
  return dir;
}

async function listening(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

describe('local gateway in front of live upstreams', () => {
  let echoes: Awaited<ReturnType<typeof startEchoUpstreams>> | undefined;
  let webRoot = '';
  let app: FastifyInstance;
  let base = '';

  before(async () => {
    echoes = await startEchoUpstreams(SERVICE_NAMES);
    const upstreams = echoes.urls;
    webRoot = await withWebRoot({ 'index.html': INDEX_HTML, 'assets/app-1234.js': 'console.log(1)' });
    app = createLocalGateway({
      upstreams,
      webRoot,
      extraRoutes: (gateway) => gateway.get('/dev/mailbox', () => ({ messages: [] })),
    });
    base = await listening(app);
  });

  after(async () => {
    await app.close();
    await echoes?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  for (const { prefix, service } of ROUTES) {
    test(`${prefix} reaches ${service} with method, query and body intact`, async () => {
      const url = `${probePath(prefix)}?range=7d&q=a%20b`;
      const body = JSON.stringify({ name: 'Asha', note: 'ॐ' });
      const response = await fetch(base + url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      assert.equal(response.status, 200);
      const echo = (await response.json()) as EchoReply;
      assert.deepEqual([echo.upstream, echo.method, echo.url, echo.body], [service, 'POST', url, body]);
      assert.equal(echo.headers['content-type'], 'application/json');
    });
  }

  test('the bare segment prefix and other methods reach the owner', async () => {
    for (const [method, path, owner] of [['GET', '/api/user', 'identity'], ['DELETE', '/api/chat/history', 'chat'], ['PUT', '/api/user', 'identity'], ['GET', '/api/invoices/42', 'billing']] as const) {
      const echo = (await (await fetch(base + path, { method })).json()) as EchoReply;
      assert.deepEqual([echo.upstream, echo.method, echo.url], [owner, method, path]);
    }
  });

  test('upstreams see the public host and the client address', async () => {
    const echo = (await (await fetch(`${base}/api/user`)).json()) as EchoReply;
    assert.equal(echo.headers.host, new URL(base).host);
    assert.equal(echo.headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(echo.headers['x-forwarded-proto'], 'http');
  });

  test('a request id is generated and passed on when the client sends none', async () => {
    const response = await fetch(`${base}/api/chat/queries-left`);
    const id = response.headers.get('x-request-id') ?? '';
    assert.match(id, UUID);
    assert.equal(((await response.json()) as EchoReply).headers['x-request-id'], id);
  });

  test('a sane incoming request id is kept; an odd one is replaced', async () => {
    const kept = await fetch(`${base}/api/subscription`, { headers: { 'x-request-id': 'client-42.a:b_c' } });
    assert.equal(kept.headers.get('x-request-id'), 'client-42.a:b_c');
    assert.equal(((await kept.json()) as EchoReply).headers['x-request-id'], 'client-42.a:b_c');
    const replaced = await fetch(`${base}/api/subscription`, { headers: { 'x-request-id': 'x'.repeat(129) } });
    assert.match(replaced.headers.get('x-request-id') ?? '', UUID);
  });

  test('GET /healthz is answered by the gateway itself', async () => {
    const response = await fetch(`${base}/healthz`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
    assert.match(response.headers.get('x-request-id') ?? '', UUID);
  });

  test('an /api path no service owns gets the gateway 404', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['GET', '/api/username'], ['POST', '/api/auth'], ['GET', '/api'], ['PATCH', '/api/contact']] as const) {
      const response = await fetch(base + path, { method });
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.deepEqual(await response.json(), { error: 'Not found', code: 'GATEWAY_NOT_FOUND' });
    }
  });

  test('web routes get the bundle, with the SPA fallback to index.html', async () => {
    for (const path of ['/', '/chat', '/invoices/42', '/reset-password?token=abc', '/vikarapanel/users']) {
      const response = await fetch(base + path);
      assert.equal(response.status, 200, path);
      assert.match(response.headers.get('content-type') ?? '', /text\/html/);
      assert.equal(await response.text(), INDEX_HTML);
    }
    const asset = await fetch(`${base}/assets/app-1234.js`);
    assert.equal(await asset.text(), 'console.log(1)');
    assert.match(asset.headers.get('cache-control') ?? '', /immutable/);
    assert.equal((await fetch(`${base}/assets/missing.js`)).status, 404);
  });

  test('routes added by the embedded stack are served', async () => {
    assert.deepEqual(await (await fetch(`${base}/dev/mailbox`)).json(), { messages: [] });
  });
});

describe('local gateway when parts are missing', () => {
  test('an upstream that is down gives 502 JSON', { timeout: 15_000 }, async () => {
    const down = await closedPortUrl();
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, down])) as Record<ServiceName, string>;
    const app = createLocalGateway({ upstreams, webRoot: tmpdir() });
    try {
      const base = await listening(app);
      // The large body is still uploading when the gateway answers; close() below must not hang on it.
      const bodies = { GET: undefined, POST: '{"message":"hi"}', PUT: JSON.stringify({ name: 'x'.repeat(5_000_000) }) };
      for (const [method, path] of [['GET', '/api/subscription'], ['POST', '/api/chat'], ['PUT', '/api/user']] as const) {
        const response = await fetch(base + path, { method, body: bodies[method], headers: { 'content-type': 'application/json' } });
        assert.equal(response.status, 502, `${method} ${path}`);
        assert.deepEqual(await response.json(), { error: 'Service unavailable', code: 'GATEWAY_UPSTREAM' });
        assert.match(response.headers.get('x-request-id') ?? '', UUID);
      }
    } finally {
      await app.close();
    }
  });

  test('a web root without index.html gives 503 JSON explaining the bundle is not built', async () => {
    const webRoot = await withWebRoot({});
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, 'http://127.0.0.1:1'])) as Record<ServiceName, string>;
    const app = createLocalGateway({ upstreams, webRoot });
    try {
      const response = await fetch(`${await listening(app)}/chat`);
      assert.equal(response.status, 503);
      assert.equal(((await response.json()) as { code: string }).code, 'GATEWAY_WEB_NOT_BUILT');
    } finally {
      await app.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});
