import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { timestampFromDate, timestampNow } from '@bufbuild/protobuf/wkt';
import { SessionsRevokedEvent } from '@betterplus/events';
import { baseSettingsSchema, createTokenSigner, currentUser, defineService, revokeSessions, type RunningService, type TokenSigner } from '../../src/index.ts';
import { createTestStack, eventually, type TestStack } from '../../src/testing/index.ts';

const alice = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';

/** A service with one signed-in route, to watch revocations arrive through its own consumer. */
const demo = defineService({
  name: 'sessions-demo',
  settings: baseSettingsSchema,
  register: async (app, deps) => {
    app.get('/me', { preHandler: deps.authenticate }, async (request) => ({ userId: currentUser(request).userId }));
    return undefined;
  },
});

describe('session revocation', () => {
  let stack: TestStack;
  let service: RunningService;
  let signer: TokenSigner;

  before(async () => {
    stack = await createTestStack();
    service = await stack.start(demo);
    signer = await createTokenSigner(stack.keys.privateKeyPem, 'betterplus-identity', 600);
  });
  after(() => stack.close());

  const me = async (token: string) => service.app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } });
  const revoke = (userId: string, revokedBefore = timestampNow()) =>
    service.deps.uow.run(async (tx) => {
      await tx.publish(SessionsRevokedEvent, userId, { userId, revokedBefore });
    });

  it('refuses tokens issued before a SessionsRevoked event, in every service, and keeps later ones', async () => {
    const old = await signer.sign(alice);
    const others = await signer.sign(bob);
    assert.equal((await me(old)).statusCode, 200);

    await revoke(alice);
    const refused = await eventually(async () => {
      const response = await me(old);
      return response.statusCode === 401 ? response : undefined;
    });
    assert.deepEqual(refused.json(), { error: 'Your session has ended. Please sign in again.', code: 'SESSIONS_DEMO_SESSION_REVOKED' });

    assert.equal((await me(await signer.sign(alice))).statusCode, 200, 'a token issued after the revocation is valid');
    assert.equal((await me(others)).statusCode, 200, 'other users keep their sessions');
  });

  it('never moves a revocation back when an older event arrives later', async () => {
    const current = await signer.sign(alice);
    // Revocation compares milliseconds: let the clock move past the token's issue time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await revoke(alice);
    await eventually(async () => ((await me(current)).statusCode === 401 ? true : undefined));
    await revoke(alice, timestampFromDate(new Date(Date.now() - 60_000)));
    await eventually(async () => {
      const { rows } = await service.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM processed_events');
      return rows[0]?.n === 3 ? true : undefined;
    });
    assert.equal((await me(current)).statusCode, 401);
  });

  it('refuses, within about a second, a session that another replica revoked in the shared table', async () => {
    const carol = '00000000-0000-4000-8000-00000000000c';
    const token = await signer.sign(carol);
    assert.equal((await me(token)).statusCode, 200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // What another replica's consumer commits: this replica never sees the event itself.
    await revokeSessions(service.deps.db, carol, new Date());
    await eventually(async () => ((await me(token)).statusCode === 401 ? true : undefined), 3000);
  });
});
