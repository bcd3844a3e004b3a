import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { eventually, realInfrastructure } from '@betterplus/kit/testing';
import { createTokenSigner, localMailboxDir, readLocalMailbox } from '@betterplus/kit';
import { renderEnvoyConfigForUrls, requireEnvoy, startEnvoy, type EnvoyProcess } from '@betterplus/gateway/testing';
import { startServicesBehindGateway, type ServicesBehindGateway } from './support/services-behind-gateway.ts';
import { signUpWithCode } from './support/signup.ts';

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
  let system: ServicesBehindGateway;
  let gatewayUrl: string;
  let envoy: EnvoyProcess | undefined;

  before(async () => {
    system = await startServicesBehindGateway();
    gatewayUrl = system.gatewayUrl;
  });
  after(async () => {
    await envoy?.stop();
    await system.stop();
  });

  const journey = async (baseUrl: string, email: string) => {
    const token = await signUpWithCode(baseUrl, { name: 'Ravi Kumar', email, password: 'a long password' }, () =>
      readLocalMailbox(localMailboxDir(system.stack.env.DATA_DIR ?? '')),
    );
    const auth = { headers: { authorization: `Bearer ${token}` } };

    const user = await fetch(`${baseUrl}/api/user`, auth);
    assert.equal(user.status, 200);
    assert.deepEqual(await user.json(), { name: 'Ravi Kumar', email });

    const subscription = await eventually(async () => {
      const response = await fetch(`${baseUrl}/api/subscription`, auth);
      return response.status === 200 ? ((await response.json()) as Record<string, unknown>) : undefined;
    });
    assert.deepEqual(
      { ...subscription, endDate: undefined },
      { plan: 'basic', active: true, status: 'active', queriesUsed: 0, queriesLimit: 1, endDate: undefined },
    );
    assert.ok(new Date(String(subscription.endDate)).getTime() > Date.now(), 'the Basic period ends in the future');
  };

  it('signs up, reads the user back and gets the Basic plan, through the local gateway', async () => {
    await journey(gatewayUrl, 'ravi@example.in');
  });

  it('does the same through Envoy', async (t: TestContext) => {
    if (!requireEnvoy(t)) return;
    envoy = await startEnvoy({ config: renderEnvoyConfigForUrls({ ...system.upstreams, web: gatewayUrl }) });
    await journey(envoy.url, 'ravi.envoy@example.in');
  });

  it('answers 401 without a token and 404 "No active subscription" before billing knows the user', async () => {
    assert.equal((await fetch(`${gatewayUrl}/api/user`)).status, 401);
    assert.equal((await fetch(`${gatewayUrl}/api/subscription`)).status, 401);
    const signer = await createTokenSigner(system.stack.keys.privateKeyPem, 'betterplus-identity', 600);
    const stranger = await fetch(`${gatewayUrl}/api/subscription`, {
      headers: { authorization: `Bearer ${await signer.sign('00000000-0000-4000-8000-000000000001')}` },
    });
    assert.equal(stranger.status, 404);
    assert.deepEqual(await stranger.json(), { error: 'No active subscription', code: 'BILLING_NO_SUBSCRIPTION' });
  });

  it('refuses a second account for the same email with a clear error', async () => {
    const again = await fetch(`${gatewayUrl}/api/signup`, json({ name: 'Someone Else', email: 'RAVI@example.in', password: 'another password' }));
    assert.equal(again.status, 409);
    assert.deepEqual(await again.json(), { error: 'An account with this email already exists. Please sign in.', code: 'IDENTITY_EMAIL_TAKEN' });
  });
});
