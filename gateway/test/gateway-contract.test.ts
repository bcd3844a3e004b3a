// The routing contract: one suite, run against the local Node gateway and against a real Envoy
// with the generated config, both in front of the same live stand-in upstreams.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CLUSTER_NAMES } from '../src/envoy-config.ts';
import type { ClusterName } from '../src/envoy-config.ts';
import { CONTENT_SECURITY_POLICY, IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../src/http-policy.ts';
import { createLocalGateway } from '../src/local-gateway.ts';
import { ROUTES, SERVICE_NAMES, isSegmentPrefix } from '../src/route-table.ts';
import type { ServiceName } from '../src/route-table.ts';
import { closedPortUrl, startEchoUpstreams } from '../src/testing/echo-upstream.ts';
import type { EchoReply } from '../src/testing/echo-upstream.ts';
import { envoyMissing, renderEnvoyConfigForUrls, requireEnvoy, startEnvoy } from '../src/testing/envoy-process.ts';
import { SPEC_CALLS } from '../src/testing/spec-calls.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Better+</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const ASSET_JS = `console.log(${JSON.stringify('x'.repeat(2000))});`;
/** What the short-timeout gateways give chat (the echo upstream is asked to wait longer). */
const SHORT_TIMEOUT_SECONDS = 1;

/** The local gateway proxying, the local gateway with the services in its process (the embedded stack), Envoy. */
type GatewayKind = 'local' | 'local in-process' | 'envoy';

interface Gateways {
  /** In front of live upstreams, facing browsers directly (TRUST_PROXY_HOPS=0). */
  base: string;
  /** Behind one trusted proxy (TRUST_PROXY_HOPS=1), chat with a 1 s time budget. */
  behindIngress: string;
  /** Every upstream down. */
  down: string;
  stop: () => Promise<void>;
}

function probePath(prefix: string): string {
  return isSegmentPrefix(prefix) ? `${prefix}/probe` : `${prefix}probe`;
}

async function webRootWithBundle(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'betterplus-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  await writeFile(join(dir, 'assets', 'app-1234.js'), ASSET_JS);
  return dir;
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const allTo = <Name extends string>(names: readonly Name[], url: string) => Object.fromEntries(names.map((name) => [name, url])) as Record<Name, string>;

/**
 * Starts three gateways of one kind. Envoy's web cluster is a local gateway serving the bundle,
 * standing in for the web image's nginx (deploy/docker/web-nginx.conf sets the same cache headers).
 */
async function startGateways(kind: GatewayKind, echoes: Awaited<ReturnType<typeof startEchoUpstreams<ServiceName>>>, webRoot: string): Promise<Gateways> {
  const down = await closedPortUrl();
  const timeoutSeconds = { chat: SHORT_TIMEOUT_SECONDS };
  if (kind !== 'envoy') {
    const inProcess = kind === 'local in-process' ? echoes.listeners : undefined;
    // Services in the process are never reached over the network: their addresses lead nowhere.
    const upstreams = inProcess ? allTo(SERVICE_NAMES, down) : echoes.urls;
    const apps = [
      createLocalGateway({ upstreams, webRoot, inProcess }),
      createLocalGateway({ upstreams, webRoot, trustProxyHops: 1, timeoutSeconds, inProcess }),
      createLocalGateway({ upstreams: allTo(SERVICE_NAMES, down), webRoot }),
    ];
    const [base = '', behindIngress = '', downUrl = ''] = await Promise.all(apps.map(listen));
    return {
      base,
      behindIngress,
      down: downUrl,
      stop: async () => {
        await Promise.all(apps.map((app) => app.close()));
      },
    };
  }
  const web = createLocalGateway({ upstreams: allTo(SERVICE_NAMES, down), webRoot });
  const urls: Record<ClusterName, string> = { ...echoes.urls, web: await listen(web) };
  const [base, behindIngress, downEnvoy] = await Promise.all([
    startEnvoy({ config: renderEnvoyConfigForUrls(urls) }),
    startEnvoy({ config: renderEnvoyConfigForUrls(urls, { trustProxyHops: 1, timeoutSeconds }) }),
    startEnvoy({ config: renderEnvoyConfigForUrls(allTo(CLUSTER_NAMES, down)) }),
  ]);
  const envoys = [base, behindIngress, downEnvoy];
  return {
    base: base.url,
    behindIngress: behindIngress.url,
    down: downEnvoy.url,
    stop: async () => {
      await Promise.all(envoys.map((envoy) => envoy.stop()));
      await web.close();
    },
  };
}

/** A request with headers exactly as given, repeated names included (fetch would join them). */
function rawGet(base: string, path: string, headers: [string, string][]): Promise<{ status: number; body: string; contentType: string | undefined }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: [['host', url.host], ...headers].flat() }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, contentType: res.headers['content-type'] });
      });
    });
    req.on('error', reject).end();
  });
}

/** Writes `bytes` on a fresh connection and returns everything the gateway answers before it closes. */
function rawExchange(base: string, bytes: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    // A gateway may close while the request is still being written: what it answered counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      resolve(answer);
    });
  });
}

function jsonBodyOf(answer: string): unknown {
  const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  return JSON.parse(body);
}

async function echoOf(response: Response): Promise<EchoReply> {
  assert.equal(response.status, 200);
  return (await response.json()) as EchoReply;
}

// Without Envoy, requireEnvoy fails this test under CI and skips it elsewhere; the Envoy suite below is skipped either way.
test('envoy is available for the gateway contract', (t) => {
  requireEnvoy(t);
});

for (const kind of ['local', 'local in-process', 'envoy'] as const) {
  describe(`the routing contract through the ${kind} gateway`, { skip: kind === 'envoy' ? (envoyMissing() ?? false) : false }, () => {
    let echoes: Awaited<ReturnType<typeof startEchoUpstreams>> | undefined;
    let webRoot = '';
    let gateways: Gateways | undefined;
    let base = '';

    before(async () => {
      echoes = await startEchoUpstreams(SERVICE_NAMES);
      webRoot = await webRootWithBundle();
      gateways = await startGateways(kind, echoes, webRoot);
      base = gateways.base;
    });

    after(async () => {
      await gateways?.stop();
      await echoes?.close();
      await rm(webRoot, { recursive: true, force: true });
    });

    for (const { prefix, service } of ROUTES) {
      test(`${prefix} reaches ${service} with method, query and body intact`, async () => {
        const url = `${probePath(prefix)}?range=7d&q=a%20b`;
        const body = JSON.stringify({ name: 'Asha', note: 'ॐ' });
        const echo = await echoOf(await fetch(base + url, { method: 'POST', body, headers: { 'content-type': 'application/json' } }));
        assert.deepEqual([echo.upstream, echo.method, echo.url, echo.body, echo.headers['content-type']], [service, 'POST', url, body, 'application/json']);
      });
    }

    test('a compressed request body reaches the service as sent, with its Content-Encoding', async () => {
      const sent = gzipSync(JSON.stringify({ note: 'as sent' }));
      const echo = await echoOf(
        await fetch(`${base}/api/subscription`, { method: 'POST', body: sent, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }),
      );
      // The echo reads the body as UTF-8, as it would the bytes sent.
      assert.deepEqual([echo.headers['content-encoding'], echo.body], ['gzip', sent.toString('utf8')]);
    });

    test('every call of the spec reaches the service that owns it', async () => {
      for (const [method, path, owner] of SPEC_CALLS) {
        const echo = await echoOf(await fetch(base + path, { method }));
        assert.deepEqual([echo.upstream, echo.method, echo.url], [owner, method, path], `${method} ${path}`);
      }
    });

    test('a request id is generated, or a client one kept, and both sides see the same one', async () => {
      const generated = await fetch(`${base}/api/subscription`);
      const id = generated.headers.get('x-request-id') ?? '';
      assert.match(id, UUID);
      assert.equal((await echoOf(generated)).headers['x-request-id'], id);
      const kept = await fetch(`${base}/api/subscription`, { headers: { 'x-request-id': 'client-42' } });
      assert.equal(kept.headers.get('x-request-id'), 'client-42');
      assert.equal((await echoOf(kept)).headers['x-request-id'], 'client-42');
    });

    test('GET /healthz is answered by the gateway itself', async () => {
      const response = await fetch(`${base}/healthz`);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { status: 'ok' });
    });

    test('an /api path no service owns gets the gateway 404 JSON', async () => {
      for (const [method, path] of [
        ['GET', '/api/nope'],
        ['GET', '/api/username'],
        ['POST', '/api/auth'],
        ['GET', '/api'],
        ['PATCH', '/api/contact'],
        ['GET', '//api/nope'],
      ] as const) {
        const response = await fetch(base + path, { method });
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
        assert.deepEqual(await response.json(), { error: 'Not found', code: 'GATEWAY_NOT_FOUND' });
      }
    });

    test('repeated slashes and dot segments are normalised before routing', async () => {
      for (const [path, owner, seen] of [
        ['//api/user', 'identity', '/api/user'],
        ['/api//invoices/42', 'billing', '/api/invoices/42'],
        ['/api/user/../chat', 'chat', '/api/chat'],
      ] as const) {
        const echo = await echoOf(await fetch(base + path));
        assert.deepEqual([echo.upstream, echo.url], [owner, seen], path);
      }
      const web = await fetch(`${base}//x`);
      assert.deepEqual([web.status, await web.text()], [200, INDEX_HTML]);
    });

    test('more than one Authorization header is refused with 400 JSON', async () => {
      const repeated = await rawGet(base, '/api/user', [
        ['authorization', 'Bearer a'],
        ['authorization', 'Bearer b'],
      ]);
      assert.equal(repeated.status, 400);
      assert.match(repeated.contentType ?? '', /^application\/json/);
      assert.deepEqual(JSON.parse(repeated.body), { error: 'More than one Authorization header', code: 'GATEWAY_DUPLICATE_AUTHORIZATION' });
      const single = await rawGet(base, '/api/user', [['authorization', 'Bearer a']]);
      assert.equal((JSON.parse(single.body) as EchoReply).headers.authorization, 'Bearer a');
    });

    test('a request that is not HTTP gets 400 JSON', async () => {
      const answer = await rawExchange(base, 'GET /api/user HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n');
      assert.match(answer, /^HTTP\/1\.1 400 /);
      assert.match(answer, /content-type: application\/json/i);
      assert.match(answer, /\r\nx-content-type-options: nosniff\r\n/i, 'the security headers of every answer');
      assert.match(answer, /\r\ncontent-security-policy: default-src 'self'/i);
      assert.deepEqual(jsonBodyOf(answer), { error: 'Bad request', code: 'GATEWAY_BAD_REQUEST' });
    });

    test('headers over the size limit get 431 JSON', async () => {
      const answer = await rawExchange(base, `GET /api/user HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(100_000)}\r\nConnection: close\r\n\r\n`);
      assert.match(answer, /^HTTP\/1\.1 431 /);
      assert.deepEqual(jsonBodyOf(answer), { error: 'Request headers too large', code: 'GATEWAY_HEADERS_TOO_LARGE' });
    });

    test('an upstream that is down gives 502 JSON', async () => {
      for (const [method, path] of [
        ['GET', '/api/subscription'],
        ['POST', '/api/chat'],
      ] as const) {
        const response = await fetch(`${gateways?.down ?? ''}${path}`, { method, body: method === 'POST' ? '{"message":"hi"}' : undefined });
        assert.equal(response.status, 502, `${method} ${path}`);
        assert.deepEqual(await response.json(), { error: 'Service unavailable', code: 'GATEWAY_UPSTREAM' });
        assert.match(response.headers.get('x-request-id') ?? '', UUID);
        assert.equal(response.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
      }
    });

    test('an upstream slower than its time budget gives 504 JSON', async () => {
      const response = await fetch(`${gateways?.behindIngress ?? ''}/api/chat`, {
        method: 'POST',
        body: '{}',
        headers: { 'x-echo-delay-ms': String(SHORT_TIMEOUT_SECONDS * 3000) },
      });
      assert.equal(response.status, 504);
      assert.deepEqual(await response.json(), { error: 'Service timed out', code: 'GATEWAY_TIMEOUT' });
    });

    test('security headers are on every answer: API, page, asset, gateway error and a URL that cannot be decoded', async () => {
      for (const path of ['/api/user', '/', '/login', '/assets/app-1234.js', '/api/nope', '/healthz', '/%zz', '/api/user/%zz']) {
        const response = await fetch(base + path);
        await response.arrayBuffer();
        assert.equal(response.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY, path);
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
        assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
        assert.equal(response.headers.get('strict-transport-security'), null, `${path}: no HSTS over plain HTTP`);
      }
      assert.match(CONTENT_SECURITY_POLICY, /frame-ancestors 'none'/);
    });

    test('HSTS is sent only when a trusted proxy says the browser used TLS', async () => {
      const behindTls = await fetch(`${gateways?.behindIngress ?? ''}/api/user`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
      });
      await behindTls.arrayBuffer();
      assert.equal(behindTls.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
      const forged = await fetch(`${base}/api/user`, { headers: { 'x-forwarded-proto': 'https' } });
      await forged.arrayBuffer();
      assert.equal(forged.headers.get('strict-transport-security'), null);
    });

    test('a forged X-Forwarded-For never becomes the client address; a trusted hop does', async () => {
      const direct = await echoOf(await fetch(`${base}/api/login`, { method: 'POST', headers: { 'x-forwarded-for': '6.6.6.6' } }));
      assert.equal(direct.headers['x-forwarded-for'], '127.0.0.1');
      // Behind one trusted proxy: the client forged 6.6.6.6, the ingress appended the address it saw.
      const behind = await echoOf(
        await fetch(`${gateways?.behindIngress ?? ''}/api/login`, { method: 'POST', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' } }),
      );
      assert.equal(behind.headers['x-forwarded-for'], '203.0.113.7');
    });

    test('responses are compressed with brotli or gzip as the client asks', async () => {
      const body = JSON.stringify({ text: 'knowledge for impact '.repeat(200) });
      for (const encoding of ['br', 'gzip']) {
        const api = await fetch(`${base}/api/chat`, { method: 'POST', body, headers: { 'accept-encoding': encoding, 'content-type': 'application/json' } });
        assert.equal(api.headers.get('content-encoding'), encoding, `API answer in ${encoding}`);
        assert.equal(((await api.json()) as EchoReply).body, body);
        const page = await fetch(`${base}/`, { headers: { 'accept-encoding': encoding } });
        assert.equal(page.headers.get('content-encoding'), encoding, `page in ${encoding}`);
        assert.equal(await page.text(), INDEX_HTML);
      }
      const plain = await fetch(`${base}/api/chat`, { method: 'POST', body, headers: { 'accept-encoding': 'identity' } });
      assert.equal(plain.headers.get('content-encoding'), null);
      await plain.arrayBuffer();
    });

    test('a stream of server-sent events passes event by event, uncompressed', { timeout: 15_000 }, async () => {
      const response = await fetch(`${base}/api/chat`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'accept-encoding': 'br, gzip', 'x-echo-stream': 'hold' },
      });
      assert.equal(response.headers.get('content-encoding'), null);
      const reader = (response.body ?? assert.fail('no body')).pipeThrough(new TextDecoderStream()).getReader();
      let received = '';
      while (!received.includes('event: first')) {
        const { value, done } = await reader.read();
        assert.ok(!done, 'the stream ended before its first event arrived');
        received += value;
      }
      assert.ok(!received.includes('event: last'), 'the first event came while the service was still writing');
      echoes?.releaseStreams();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
      assert.match(received, /event: last/);
    });

    test('web paths get the bundle: hashed assets cached for a year, pages revalidated', async () => {
      for (const path of ['/', '/chat', '/invoices/42', '/reset-password?token=abc', '/apiary']) {
        const response = await fetch(base + path);
        assert.equal(response.status, 200, path);
        assert.match(response.headers.get('content-type') ?? '', /text\/html/);
        assert.equal(response.headers.get('cache-control'), REVALIDATE_CACHE, path);
        assert.equal(await response.text(), INDEX_HTML);
      }
      const asset = await fetch(`${base}/assets/app-1234.js`);
      assert.equal(await asset.text(), ASSET_JS);
      assert.equal(asset.headers.get('cache-control'), IMMUTABLE_CACHE);
      const missing = await fetch(`${base}/assets/missing.js`);
      assert.equal(missing.status, 404);
      assert.deepEqual(await missing.json(), { error: 'Not found', code: 'GATEWAY_NOT_FOUND' });
    });
  });
}
