import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createTestStack, eventually, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { createTokenSigner, type RunningService } from '@betterplus/kit';
import { createLocalGateway, SERVICE_NAMES, type ServiceName } from '@betterplus/gateway';
import { renderEnvoyConfigForUrls, requireEnvoy, startEnvoy, type EnvoyProcess } from '@betterplus/gateway/testing';
import { services } from '../src/services.ts';

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

/**
 * The one thread through everything, over HTTP through a gateway: signup in identity, the user
 * registered event through the outbox and the bus (Kafka when KAFKA_BROKERS is set), billing's
 * Basic plan, read back. Every service runs on this stack's adapters, listening on its own port.
 */
describe(`walking skeleton on the ${realInfrastructure.kafka ? 'real stack (PostgreSQL, Kafka, Redis)' : 'embedded stack'}`, () => {
  let stack: TestStack;
  const running = {} as Record<ServiceName, RunningService>;
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  let envoy: EnvoyProcess | undefined;

  before(async () => {
    stack = await createTestStack();
    for (const name of SERVICE_NAMES) running[name] = await stack.start(services[name], {}, { listen: true });
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, running[name].url ?? ''])) as Record<ServiceName, string>;
    gateway = createLocalGateway({ upstreams, webRoot: stack.env.DATA_DIR ?? '' });
    gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await envoy?.stop();
    await gateway.close();
    await stack.close();
  });

  const journey = async (baseUrl: string, email: string) => {
    const signup = await fetch(`${baseUrl}/api/signup`, json({ name: 'Ravi Kumar', email, password: 'a long password' }));
    assert.equal(signup.status, 201);
    const auth = { headers: { authorization: `Bearer ${((await signup.json()) as { token: string }).token}` } };

    const user = await fetch(`${baseUrl}/api/user`, auth);
    assert.equal(user.status, 200);
    assert.deepEqual(await user.json(), { name: 'Ravi Kumar', email });

    const subscription = await eventually(async () => {
      const response = await fetch(`${baseUrl}/api/subscription`, auth);
      return response.status === 200 ? ((await response.json()) as Record<string, unknown>) : undefined;
    });
    assert.deepEqual({ ...subscription, endDate: undefined }, { plan: 'basic', active: true, status: 'active', queriesUsed: 0, queriesLimit: 1, endDate: undefined });
    assert.ok(new Date(String(subscription.endDate)).getTime() > Date.now(), 'the Basic period ends in the future');
  };

  it('signs up, reads the user back and gets the Basic plan, through the local gateway', async () => {
    await journey(gatewayUrl, 'ravi@example.in');
  });

  it('does the same through Envoy', async (t: TestContext) => {
    if (!requireEnvoy(t)) return;
    const urls = Object.fromEntries(SERVICE_NAMES.map((name) => [name, running[name].url ?? ''])) as Record<ServiceName, string>;
    envoy = await startEnvoy({ config: renderEnvoyConfigForUrls({ ...urls, web: gatewayUrl }) });
    await journey(envoy.url, 'ravi.envoy@example.in');
  });

  it('answers 401 without a token and 404 "No active subscription" before billing knows the user', async () => {
    assert.equal((await fetch(`${gatewayUrl}/api/user`)).status, 401);
    assert.equal((await fetch(`${gatewayUrl}/api/subscription`)).status, 401);
    const signer = await createTokenSigner(stack.keys.privateKeyPem, 'betterplus-identity', 600);
    const stranger = await fetch(`${gatewayUrl}/api/subscription`, { headers: { authorization: `Bearer ${await signer.sign('00000000-0000-4000-8000-000000000001')}` } });
    assert.equal(stranger.status, 404);
    assert.deepEqual(await stranger.json(), { error: 'No active subscription', code: 'BILLING_NO_SUBSCRIPTION' });
  });

  it('refuses a second account for the same email with a clear error', async () => {
    const again = await fetch(`${gatewayUrl}/api/signup`, json({ name: 'Someone Else', email: 'RAVI@example.in', password: 'another password' }));
    assert.equal(again.status, 409);
    assert.deepEqual(await again.json(), { error: 'An account with this email already exists. Please sign in.', code: 'IDENTITY_EMAIL_TAKEN' });
  });
});
