// Probe of issue 22, hole 5: a URL that cannot be decoded (`/%zz`) got a 400 without the security
// headers every other answer carries. Replayed against the embedded stack through the gateway, on
// each service's own port, and through Envoy in front of the same services.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SECURITY_HEADERS, SERVICE_NAMES } from '@betterplus/gateway';
import { renderEnvoyConfigForUrls, requireEnvoy, startEnvoy, type EnvoyProcess } from '@betterplus/gateway/testing';
import type { EmbeddedStack } from '../../src/embedded-stack.ts';
import { startThrowawayStack } from '../support/throwaway-stack.ts';

const MALFORMED = ['/%zz', '/api/%zz', '/api/user/%zz', '/api/chat/%zz', '/api/admin/%zz', '/api/subscription/%E0%A4%A'];

/** Answers `path` with a JSON error (400 unless `statuses` says otherwise) that carries every security header. */
async function assertRefusedWithHeaders(baseUrl: string, path: string, statuses = [400]): Promise<{ error: string; code: string }> {
  const response = await fetch(baseUrl + path);
  const where = `${baseUrl}${path}`;
  assert.ok(statuses.includes(response.status), `${where}: ${String(response.status)}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/, where);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(response.headers.get(name), value, `${name} on ${where}`);
  return (await response.json()) as { error: string; code: string };
}

describe('probe: a URL that cannot be decoded', () => {
  let stack: EmbeddedStack;
  let envoy: EnvoyProcess | undefined;

  before(async () => {
    stack = await startThrowawayStack();
  });
  after(async () => {
    await envoy?.stop();
    await stack.stop();
  });

  it('the gateway answers 400 JSON with the security headers', async () => {
    for (const path of MALFORMED)
      assert.deepEqual(await assertRefusedWithHeaders(stack.url, path), { error: 'Bad request', code: 'GATEWAY_BAD_REQUEST' }, path);
  });

  it("each service's own port answers 400 JSON in its error shape with the security headers", async () => {
    for (const name of SERVICE_NAMES) {
      const body = await assertRefusedWithHeaders(stack.services[name].url ?? '', '/api/%zz');
      assert.deepEqual(body, { error: 'Bad request: the URL is malformed', code: `${name.toUpperCase().replace(/-/g, '_')}_BAD_URL` });
    }
  });

  it("a request that is not HTTP gets the gateway's 400 with the security headers too", async () => {
    const address = new URL(stack.url);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(address.port), '127.0.0.1', () => socket.write('GET /%zz HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => {
        resolve(text);
      });
      socket.on('error', reject);
    });
    assert.match(answer, /^HTTP\/1\.1 400 /);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      assert.ok(answer.toLowerCase().includes(`\r\n${name}: ${value.toLowerCase()}\r\n`), `${name} in ${answer}`);
  });

  it('Envoy in front of the same services answers with the security headers too', async (t) => {
    if (!requireEnvoy(t)) return;
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, stack.services[name].url ?? ''])) as Record<(typeof SERVICE_NAMES)[number], string>;
    // The web cluster: the embedded gateway, standing in for the web image's server.
    envoy = await startEnvoy({ config: renderEnvoyConfigForUrls({ ...upstreams, web: stack.url }) });
    // Envoy routes the path undecoded: /api paths nobody owns get its 404, the rest the upstream's 400.
    for (const path of MALFORMED) await assertRefusedWithHeaders(envoy.url, path, [400, 404]);
  });
});
