import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AppError,
  Type,
  createLogger,
  createMetrics,
  createServiceApp,
  idempotencyKeyOf,
  migrate,
  pruneIdempotencyKeys,
  runIdempotently,
  type Database,
  type ServiceApp,
} from '../../src/index.ts';
import { createTestStack, databaseAdapters, kitMigrations, type TestStack } from '../support.ts';

const stack: TestStack = await createTestStack();
after(() => stack.close());

for (const adapter of databaseAdapters(stack)) {
  describe(`idempotency keys on ${adapter.name}`, () => {
    let db: Database;
    let app: ServiceApp;
    let charges = 0;
    let failNext = false;

    before(async () => {
      db = await adapter.open();
      await migrate(db, [{ scope: 'kit', dir: kitMigrations }]);
      app = await createServiceApp({ service: 'demo', logger: createLogger('demo', 'silent'), metrics: createMetrics('demo'), bodyLimit: 4096, readiness: [] });
      app.post('/payments', { schema: { body: Type.Object({ amountPaise: Type.Integer() }) } }, async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const charge = async () => {
          if (failNext) {
            failNext = false;
            throw new Error('provider down');
          }
          charges += 1;
          return { status: 201, body: { charge: charges, amountPaise: request.body.amountPaise } };
        };
        const { status, body } = key ? await runIdempotently(db, { scope: 'payments:user-1', key, request: request.body }, charge) : await charge();
        void reply.status(status);
        return body;
      });
      await app.ready();
    });
    after(async () => {
      await app.close();
      await db.close();
    });

    const pay = (key: string | undefined, amountPaise = 249_900) =>
      app.inject({ method: 'POST', url: '/payments', payload: { amountPaise }, headers: key === undefined ? {} : { 'idempotency-key': key } });

    it('runs the work once per key and replays its answer to a repeat', async () => {
      const first = await pay('order-1');
      const again = await pay('order-1');
      assert.equal(first.statusCode, 201);
      assert.equal(again.statusCode, 201);
      assert.deepEqual(again.json(), first.json());
      assert.equal((await pay('order-2')).json<{ charge: number }>().charge, first.json<{ charge: number }>().charge + 1);
    });

    it('refuses the same key with another request (422), and a malformed key (400)', async () => {
      await pay('order-3');
      const reused = await pay('order-3', 100);
      assert.equal(reused.statusCode, 422);
      assert.equal(reused.json<{ code: string }>().code, 'DEMO_IDEMPOTENCY_KEY_REUSED');
      assert.equal((await pay('')).statusCode, 400);
      assert.equal((await pay('x'.repeat(256))).statusCode, 400);
    });

    it('stores nothing when the work fails, so the client can retry with the same key', async () => {
      failNext = true;
      assert.equal((await pay('order-4')).statusCode, 500);
      const retried = await pay('order-4');
      assert.equal(retried.statusCode, 201);
    });

    it('answers 409 to a repeat while the first is still in progress, and runs the work once under concurrency', async () => {
      const before = charges;
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const first = runIdempotently(db, { scope: 's', key: 'k', request: 1 }, async () => {
        await gate;
        charges += 1;
        return { status: 200, body: 'done' };
      });
      await assert.rejects(
        runIdempotently(db, { scope: 's', key: 'k', request: 1 }, async () => ({ status: 200, body: 'twice' })),
        (error: unknown) => error instanceof AppError && error.statusCode === 409,
      );
      release();
      assert.deepEqual(await first, { status: 200, body: 'done' });
      const racers = await Promise.allSettled(
        Array.from({ length: 10 }, () => runIdempotently(db, { scope: 's', key: 'k2', request: 2 }, async () => ({ status: 200, body: String(++charges) }))),
      );
      assert.equal(charges, before + 2, 'the work ran once per key');
      for (const racer of racers) if (racer.status === 'rejected') assert.equal((racer.reason as AppError).statusCode, 409);
    });

    it('prunes old answers', async () => {
      await db.query("UPDATE idempotency_keys SET created_at = now() - interval '3 days' WHERE key = 'order-1'");
      assert.equal(await pruneIdempotencyKeys(db, 48), 1);
      assert.equal((await pay('order-1')).json<{ charge: number }>().charge, charges);
    });
  });
}
