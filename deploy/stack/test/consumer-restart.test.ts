import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestStack, eventually, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { createSecretOpener, decodeEnvelope, decodePayload, sealedSecretContext, type RunningService } from '@betterplus/kit';
import { OtpRequestedEvent } from '@betterplus/events';
import { billingService } from '@betterplus/billing';
import { identityService } from '@betterplus/identity';

const count = async (service: RunningService, sql: string) => (await service.deps.db.query<{ n: number }>(sql)).rows[0]?.n ?? -1;

/**
 * Billing is stopped while signups keep arriving and started again on the same database: every
 * event is handled, none is lost, and none takes effect twice.
 */
describe(`consumer restart on the ${realInfrastructure.kafka ? 'real stack' : 'embedded stack'}`, () => {
  let stack: TestStack;
  let identity: RunningService;
  let billingDatabase: string | undefined;

  before(async () => {
    stack = await createTestStack();
    identity = await stack.start(identityService);
    billingDatabase = await stack.databaseUrl('billing');
  });
  after(() => stack.close());

  it('loses no event and applies none twice across a restart of the consumer', async () => {
    // Without DATABASE_URL billing keeps PGlite under the stack's data folder, which also outlives it.
    const dbEnv: Record<string, string> = billingDatabase ? { DATABASE_URL: billingDatabase } : {};
    const open = createSecretOpener(stack.env.NOTIFICATIONS_PRIVATE_KEY ?? '');
    const signup = async (i: number) => {
      const email = `user${i}@example.in`;
      const initiated = await identity.app.inject({ method: 'POST', url: '/api/signup', payload: { name: `User ${i}`, email, password: 'a long password' } });
      assert.equal(initiated.statusCode, 200);
      // The code as notifications would read it from the event, with its private key.
      const { rows } = await identity.deps.db.query<{ envelope: Uint8Array }>('SELECT envelope FROM outbox WHERE type = $1 AND key = $2', [
        OtpRequestedEvent.schema.typeName,
        email,
      ]);
      const event = decodePayload(OtpRequestedEvent, decodeEnvelope(rows[0]?.envelope ?? new Uint8Array()));
      const otp = open(event.sealedCode, sealedSecretContext(OtpRequestedEvent.schema.typeName, email));
      assert.equal((await identity.app.inject({ method: 'POST', url: '/api/signup/verify', payload: { email, otp } })).statusCode, 201);
    };

    let billing = await stack.start(billingService, dbEnv);
    for (let i = 0; i < 10; i += 1) await signup(i);
    await eventually(async () => ((await count(billing, 'SELECT count(*)::int AS n FROM subscriptions')) >= 3 ? true : undefined));
    await billing.stop();

    for (let i = 10; i < 20; i += 1) await signup(i);
    billing = await stack.start(billingService, dbEnv);
    await eventually(async () => ((await count(billing, 'SELECT count(*)::int AS n FROM subscriptions')) === 20 ? true : undefined), 30_000);

    assert.equal(await count(billing, 'SELECT count(*)::int AS n FROM processed_events'), 20, 'each event applied exactly once');
    assert.equal(await count(billing, "SELECT count(*)::int AS n FROM subscriptions WHERE plan = 'basic' AND queries_used = 0"), 20);
    assert.equal(await count(identity, 'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL'), 0, 'the outbox drained');
  });
});
