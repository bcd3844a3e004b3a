import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestStack, eventually, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import type { RunningService } from '@betterplus/kit';
import { billingService } from '@betterplus/billing';
import { identityService } from '@betterplus/identity';

/**
 * The one thread through everything: signup in identity, the user registered event through the
 * outbox and the bus (Kafka when KAFKA_BROKERS is set), billing's Basic plan, read back over HTTP.
 */
describe(`walking skeleton on the ${realInfrastructure.kafka ? 'real stack (PostgreSQL, Kafka, Redis)' : 'embedded stack'}`, () => {
  let stack: TestStack;
  let identity: RunningService;
  let billing: RunningService;

  before(async () => {
    stack = await createTestStack();
    identity = await stack.start(identityService);
    billing = await stack.start(billingService);
  });
  after(() => stack.close());

  it('signs up, reads the user back and gets the Basic plan once billing has handled the event', async () => {
    const signup = await identity.app.inject({ method: 'POST', url: '/api/signup', payload: { name: 'Ravi Kumar', email: 'ravi@example.in', password: 'a long password' } });
    assert.equal(signup.statusCode, 201);
    const auth = { authorization: `Bearer ${signup.json<{ token: string }>().token}` };

    const user = await identity.app.inject({ method: 'GET', url: '/api/user', headers: auth });
    assert.deepEqual(user.json(), { name: 'Ravi Kumar', email: 'ravi@example.in' });

    const subscription = await eventually(async () => {
      const response = await billing.app.inject({ method: 'GET', url: '/api/subscription', headers: auth });
      return response.statusCode === 200 ? response.json<Record<string, unknown>>() : undefined;
    });
    assert.deepEqual({ ...subscription, endDate: undefined }, { plan: 'basic', active: true, status: 'active', queriesUsed: 0, queriesLimit: 1, endDate: undefined });
    assert.ok(new Date(String(subscription.endDate)).getTime() > Date.now(), 'the Basic period ends in the future');
  });

  it('answers 404 "No active subscription" before billing knows the user, and 401 without a token', async () => {
    const stranger = await billing.app.inject({ method: 'GET', url: '/api/subscription', headers: { authorization: `Bearer ${await mintToken(stack, '00000000-0000-4000-8000-000000000001')}` } });
    assert.equal(stranger.statusCode, 404);
    assert.deepEqual(stranger.json(), { error: 'No active subscription', code: 'BILLING_NO_SUBSCRIPTION' });
    const anonymous = await billing.app.inject({ method: 'GET', url: '/api/subscription' });
    assert.equal(anonymous.statusCode, 401);
  });
});

async function mintToken(stack: TestStack, userId: string): Promise<string> {
  const { createTokenSigner } = await import('@betterplus/kit');
  const signer = await createTokenSigner(stack.keys.privateKeyPem, stack.env.JWT_ISSUER ?? 'betterplus-identity', 600);
  return signer.sign(userId);
}
