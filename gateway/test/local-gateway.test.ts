// What only the local gateway does; the routing contract both gateways share is gateway-contract.test.ts.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SECURITY_HEADERS } from '../src/http-policy.ts';
import { createLocalGateway } from '../src/local-gateway.ts';
import { SERVICE_NAMES } from '../src/route-table.ts';
import type { ServiceName } from '../src/route-table.ts';
import { eventually } from '@betterplus/kit/testing';
import { startEchoUpstreams } from '../src/testing/echo-upstream.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function listening(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

interface Answer {
  status: number;
  body: string;
  socket: unknown;
}

/** One request through `agent`, reporting which socket carried it; `chunked` sends the body without a length. */
function send(agent: Agent, base: string, method: string, path: string, body?: Buffer, chunked = false): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const headers = body
      ? { 'content-type': 'application/json', ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }) }
      : {};
    const req = httpRequest(url, { agent, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text, socket: req.socket });
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path} hung`)));
    req.on('error', reject);
    req.end(body);
  });
}

describe('local gateway', () => {
  let echoes: Awaited<ReturnType<typeof startEchoUpstreams>> | undefined;
  let app: FastifyInstance;
  let base = '';
  const logLines: string[] = [];

  before(async () => {
    echoes = await startEchoUpstreams(SERVICE_NAMES);
    app = createLocalGateway({
      upstreams: echoes.urls,
      webRoot: tmpdir(),
      logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
      extraRoutes: (gateway) => gateway.get('/dev/mailbox', () => ({ messages: [] })),
    });
    base = await listening(app);
  });

  after(async () => {
    await app.close();
    await echoes?.close();
  });

  test('a body over the limit gets 413 JSON from the gateway, and the connection stays usable', { timeout: 30_000 }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.from(JSON.stringify({ name: 'x'.repeat(5_000_000) }));
      const refused = await send(agent, base, 'PUT', '/api/user', big);
      assert.equal(refused.status, 413);
      assert.deepEqual(JSON.parse(refused.body), { error: 'Request body too large', code: 'GATEWAY_PAYLOAD_TOO_LARGE' });
      const next = await send(agent, base, 'GET', '/api/user');
      assert.equal(next.status, 200);
      assert.equal(next.socket, refused.socket, 'the same keep-alive connection');
    } finally {
      agent.destroy();
    }
  });

  test('a streamed body over the limit gets 413 JSON too, and the connection stays usable', { timeout: 30_000 }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, base, 'PUT', '/api/user', Buffer.alloc(5_000_000, 'x'), true);
      assert.equal(refused.status, 413);
      assert.deepEqual(JSON.parse(refused.body), { error: 'Request body too large', code: 'GATEWAY_PAYLOAD_TOO_LARGE' });
      const next = await send(agent, base, 'GET', '/api/user');
      assert.equal(next.status, 200);
      assert.equal(next.socket, refused.socket, 'the same keep-alive connection');
      const small = await send(agent, base, 'PUT', '/api/user', Buffer.from('{"name":"Asha"}'), true);
      assert.equal((JSON.parse(small.body) as { body: string }).body, '{"name":"Asha"}');
    } finally {
      agent.destroy();
    }
  });

  test('a body within the limit passes through', async () => {
    const agent = new Agent({ keepAlive: false });
    const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(500_000) }));
    const answer = await send(agent, base, 'PUT', '/api/user', body);
    assert.equal(answer.status, 200);
    assert.equal((JSON.parse(answer.body) as { body: string }).body, body.toString());
  });

  test('the log never holds a query string', async () => {
    logLines.length = 0;
    for (const path of ['/reset-password?token=secret-reset-token', '/api/nope?token=secret-api-token', '/assets/x.js?token=secret-asset-token'])
      await (await fetch(base + path)).arrayBuffer();
    const log = logLines.join('');
    assert.match(log, /"url":"\/reset-password"/, 'requests are still logged, by path');
    assert.doesNotMatch(log, /secret-/);
  });

  test('logs one line per request, with its path, status and time', async () => {
    logLines.length = 0;
    await (await fetch(`${base}/api/subscription`)).arrayBuffer();
    await eventually(async () => (logLines.length > 0 ? true : undefined));
    assert.equal(logLines.length, 1, logLines.join(''));
    assert.partialDeepStrictEqual(JSON.parse(logLines[0] ?? '{}'), { msg: 'request completed', method: 'GET', url: '/api/subscription', statusCode: 200 });
  });

  test('a URL that cannot be decoded gets 400 JSON with the headers of every answer', async () => {
    for (const path of ['/api/%zz', '/%zz']) {
      const response = await fetch(base + path);
      assert.equal(response.status, 400, path);
      assert.deepEqual(await response.json(), { error: 'Bad request', code: 'GATEWAY_BAD_REQUEST' }, path);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(response.headers.get(name), value, `${name} on ${path}`);
      assert.match(response.headers.get('x-request-id') ?? '', UUID, path);
    }
  });

  test('an odd incoming request id is replaced', async () => {
    const replaced = await fetch(`${base}/api/subscription`, { headers: { 'x-request-id': 'x'.repeat(129) } });
    assert.match(replaced.headers.get('x-request-id') ?? '', UUID);
    await replaced.arrayBuffer();
  });

  test('routes added by the embedded stack are served', async () => {
    assert.deepEqual(await (await fetch(`${base}/dev/mailbox`)).json(), { messages: [] });
  });
});

describe('local gateway when parts are missing', () => {
  test('a web root without index.html gives 503 JSON explaining the bundle is not built', async () => {
    const webRoot = await mkdtemp(join(tmpdir(), 'betterplus-web-'));
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

describe('local gateway with the services in its process', () => {
  test('writes no line of its own for an answer a service gave (the service logs it), and one for its own answers', async () => {
    const echoes = await startEchoUpstreams(SERVICE_NAMES);
    const lines: { msg: string; url: string; statusCode: number }[] = [];
    const app = createLocalGateway({
      upstreams: echoes.urls,
      inProcess: echoes.listeners,
      webRoot: tmpdir(),
      timeoutSeconds: { chat: 1 },
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as { msg: string; url: string; statusCode: number }) } },
    });
    try {
      const base = await listening(app);
      assert.equal((await fetch(`${base}/api/user`)).status, 200);
      assert.equal((await fetch(`${base}/api/nope`)).status, 404);
      assert.equal((await fetch(`${base}/api/chat`, { method: 'POST', body: '{}', headers: { 'x-echo-delay-ms': '3000' } })).status, 504);
      const logged = () => lines.filter(({ msg }) => msg === 'request completed').map(({ url, statusCode }) => [url, statusCode]);
      // The line is written once the answer has gone out, which may be just after the client has it.
      await eventually(async () => (logged().length >= 2 ? true : undefined));
      assert.deepEqual(logged(), [
        ['/api/nope', 404],
        ['/api/chat', 504],
      ]);
    } finally {
      await app.close();
      await echoes.close();
    }
  });
});
