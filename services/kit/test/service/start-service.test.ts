import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { baseSettingsSchema, createTokenSigner, currentUser, defineService, generateSigningKeys, type RunningService } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { createTestStack, realInfrastructure, type TestStack } from '../support.ts';

/** Resolves when the returned `release` is called; `started` resolves once a request is waiting on it. */
function gate() {
  const released = Promise.withResolvers<undefined>();
  const waiting = Promise.withResolvers<undefined>();
  return {
    release() {
      released.resolve(undefined);
    },
    started() {
      waiting.resolve(undefined);
    },
    released: released.promise,
    waiting: waiting.promise,
  };
}

let slow = gate();
let instances = 0;
/** A fresh service name per start: each has its own consumer group on the shared test bus. */
const demo = () =>
  defineService({
    name: `ops-demo-${String(++instances)}`,
    settings: baseSettingsSchema,
    register: async (app, deps) => {
      app.get('/slow', async () => {
        slow.started();
        await slow.released;
        return { done: true };
      });
      app.get('/ip', async (request) => ({ ip: request.ip }));
      app.get('/me', { preHandler: deps.authenticate }, async (request) => ({ userId: currentUser(request).userId }));
      return undefined;
    },
  });

describe('startService operations', () => {
  let stack: TestStack;
  before(async () => {
    stack = await createTestStack();
  });
  after(() => stack.close());

  it('keeps /readyz to its own database: a broken broker or cache shows in dependency_up, not as unready', async () => {
    const service = await stack.start(demo());
    const ready = await service.app.inject({ method: 'GET', url: '/readyz' });
    assert.deepEqual(ready.json(), { status: 'ready', checks: { database: 'ok' } });
    // The first check of the broker runs as the service starts; on a busy machine Kafka answers it a moment later.
    const eventsUp = /dependency_up\{.*dependency="events".*\} 1/;
    await eventually(async () => (eventsUp.test((await service.app.inject({ method: 'GET', url: '/metrics' })).body) ? true : undefined));

    service.deps.bus.ping = () => Promise.reject(new Error('broker down'));
    service.deps.cache.ping = () => Promise.reject(new Error('cache down'));
    assert.equal((await service.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
    const metrics = await service.app.inject({ method: 'GET', url: '/metrics' });
    assert.match(metrics.body, eventsUp);
    // PGlite has no pool; on PostgreSQL its connections are exported by state.
    if (realInfrastructure.postgres)
      for (const state of ['total', 'idle', 'waiting']) assert.match(metrics.body, new RegExp(`db_pool_connections\\{state="${state}".*\\} \\d+`));
  });

  it('drains on stop: /readyz answers 503 at once while an in-flight request still finishes with 200', async () => {
    slow = gate();
    const service: RunningService = await stack.start(demo(), { SHUTDOWN_DRAIN_MS: '1500' }, { listen: true });
    const inFlight = fetch(`${service.url ?? ''}/slow`);
    await slow.waiting;

    const stopped = service.stop();
    const readiness = await fetch(`${service.url ?? ''}/readyz`);
    assert.equal(readiness.status, 503);
    assert.deepEqual(await readiness.json(), { status: 'stopping', checks: {} });

    slow.release();
    const response = await inFlight;
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { done: true });
    await stopped;
    await assert.rejects(fetch(`${service.url ?? ''}/healthz`), 'the listener is closed once stopped');
  });

  it('does not wait on stop for connections that carry no request, such as one a proxy opened in advance', async () => {
    const service = await stack.start(demo(), { SHUTDOWN_TIMEOUT_MS: '5000' }, { listen: true });
    const { port } = new URL(service.url ?? '');
    const unused = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => unused.once('connect', resolve));
    const keptAlive = await fetch(`${service.url ?? ''}/healthz`);
    assert.equal(keptAlive.status, 200);
    // Node counts the unused connection active until its header timeout, a minute away.
    await service.stop();
    unused.destroy();
  });

  it('admits tokens of the current and the previous key during a rotation, and no other', async () => {
    const next = await generateSigningKeys();
    const stranger = await generateSigningKeys();
    const service = await stack.start(demo(), { JWT_PUBLIC_KEY: next.publicKeyPem, JWT_PREVIOUS_PUBLIC_KEY: stack.keys.publicKeyPem });
    const me = async (privateKeyPem: string) => {
      const token = await (await createTokenSigner(privateKeyPem, 'betterplus-identity', 600)).sign('00000000-0000-4000-8000-000000000001');
      return (await service.app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
    };
    assert.equal(await me(stack.keys.privateKeyPem), 200, 'signed before the rotation');
    assert.equal(await me(next.privateKeyPem), 200, 'signed after it');
    assert.equal(await me(stranger.privateKeyPem), 401, 'an unknown kid');
  });

  const ipSeen = async (service: RunningService, remoteAddress: string, forwardedFor: string) =>
    (await service.app.inject({ method: 'GET', url: '/ip', headers: { 'x-forwarded-for': forwardedFor }, remoteAddress })).json<{ ip: string }>().ip;

  it('takes the client address from as many proxy hops at TRUSTED_PROXIES as TRUST_PROXY_HOPS says, whatever the client forged', async () => {
    const forwarded = '6.6.6.6, 203.0.113.9, 10.0.0.1';
    const behindIngress = await stack.start(demo(), { TRUST_PROXY_HOPS: '2', TRUSTED_PROXIES: '10.0.0.0/8' });
    assert.equal(await ipSeen(behindIngress, '10.0.0.2', forwarded), '203.0.113.9', 'ingress and gateway trusted: the address the ingress saw');
    const behindGateway = await stack.start(demo(), { TRUST_PROXY_HOPS: '1', TRUSTED_PROXIES: '10.0.0.0/8' });
    assert.equal(await ipSeen(behindGateway, '10.0.0.2', forwarded), '10.0.0.1', 'only the gateway trusted: the address it saw');
    const direct = await stack.start(demo(), { TRUST_PROXY_HOPS: '0', TRUSTED_PROXIES: '10.0.0.0/8' });
    assert.equal(await ipSeen(direct, '10.0.0.2', forwarded), '10.0.0.2', 'no proxy trusted: the connection itself');
  });

  it('ignores X-Forwarded-For from a peer outside TRUSTED_PROXIES (loopback by default): a client on the port is its socket', async () => {
    const service = await stack.start(demo());
    assert.equal(await ipSeen(service, '192.0.2.50', '198.51.100.7'), '192.0.2.50', 'a client that reached the port directly');
    assert.equal(await ipSeen(service, '::ffff:192.0.2.50', '198.51.100.7'), '::ffff:192.0.2.50');
    assert.equal(await ipSeen(service, '127.0.0.1', '198.51.100.7'), '198.51.100.7', 'a gateway on the same host');
    assert.equal(await ipSeen(service, '::1', '198.51.100.7'), '198.51.100.7');
    const behindGateways = await stack.start(demo(), { TRUSTED_PROXIES: '10.1.0.0/16, fd00::/8' });
    assert.equal(await ipSeen(behindGateways, '10.1.4.2', '198.51.100.7'), '198.51.100.7');
    assert.equal(await ipSeen(behindGateways, '10.2.4.2', '198.51.100.7'), '10.2.4.2', 'another pod');
    assert.equal(await ipSeen(behindGateways, '127.0.0.1', '198.51.100.7'), '127.0.0.1', 'loopback only when listed');
  });

  it('refuses to start with a TRUSTED_PROXIES entry that is no address or range, naming the setting', async () => {
    await assert.rejects(stack.start(demo(), { TRUSTED_PROXIES: 'gateway.internal' }), /TRUSTED_PROXIES: .*gateway\.internal/);
  });
});
