// The proof of the tests' containers path (run by prove-testcontainers.sh, with no infrastructure
// URLs in the environment): the URLs every test file reads lead to PostgreSQL 15, Redis and Kafka
// in the containers this run started, and the kit's adapters work on them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { getContainerRuntimeClient } from 'testcontainers';
import { createKafkaBus, createLogger, createPostgresDatabase, createRedisCache, type BusMessage } from '@betterplus/kit';
import { createTestStack, eventually, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { topics } from '@betterplus/events';

const port = (url: string): string => new URL(url.includes('://') ? url : `kafka://${url}`).port;

let stack: TestStack;
before(async () => {
  stack = await createTestStack();
});
after(async () => {
  await stack.close();
});

describe('the containers path of npm test', () => {
  it('was taken: the test stack has all three URLs from it', () => {
    assert.equal(process.env.BETTERPLUS_TEST_INFRASTRUCTURE, 'containers');
    assert.ok(realInfrastructure.postgres && realInfrastructure.redis && realInfrastructure.kafka);
  });

  it('each URL is a port published by a running container of this run', async () => {
    const ids = (process.env.BETTERPLUS_TEST_CONTAINERS ?? '').split(',').filter(Boolean);
    assert.equal(ids.length, 3);
    const engine = await getContainerRuntimeClient();
    const published = new Map<string, string>();
    for (const id of ids) {
      const info = await engine.container.inspect(engine.container.getById(id));
      assert.equal(info.State.Running, true, `container ${id} runs`);
      // (An exposed port that is not published has null, not a list, whatever the types say.)
      for (const bindings of Object.values(info.NetworkSettings.Ports) as ((typeof info.NetworkSettings.Ports)[string] | null)[]) {
        for (const binding of bindings ?? []) published.set(binding.HostPort, info.Config.Image);
      }
    }
    assert.match(published.get(port(realInfrastructure.postgres ?? '')) ?? '', /postgres/);
    assert.match(published.get(port(realInfrastructure.redis ?? '')) ?? '', /redis/);
    assert.match(published.get(port(realInfrastructure.kafka ?? '')) ?? '', /kafka/);
  });

  it("a service's database is on PostgreSQL 15, not PGlite", async () => {
    const url = await stack.databaseUrl('proof');
    assert.ok(url, 'the stack makes a database on the server');
    const db = createPostgresDatabase(url, 1);
    try {
      const { rows } = await db.query<{ version: string; max_connections: string }>("SELECT version(), current_setting('max_connections') AS max_connections");
      assert.match(rows[0]?.version ?? '', /^PostgreSQL 15\.\d+ /);
      assert.doesNotMatch(rows[0]?.version ?? '', /emscripten/);
      assert.equal(rows[0]?.max_connections, '200');
    } finally {
      await db.close();
    }
  });

  it('the Redis cache keeps and counts', async () => {
    const cache = await createRedisCache(realInfrastructure.redis ?? '', `proof-${randomUUID()}`);
    try {
      await cache.set('greeting', 'namaste', 60);
      assert.equal(await cache.get('greeting'), 'namaste');
      assert.equal(await cache.increment('visits', 60), 1);
      assert.equal(await cache.increment('visits', 60), 2);
    } finally {
      await cache.close();
    }
  });

  it("an event published on Kafka reaches a subscriber, on the stack's catalogue topic", async () => {
    const bus = createKafkaBus({
      brokers: (realInfrastructure.kafka ?? '').split(','),
      clientId: 'proof',
      logger: createLogger('proof', 'silent'),
      namespace: stack.env.KAFKA_NAMESPACE ?? '',
    });
    const received: BusMessage[] = [];
    const subscription = await bus.subscribe({
      group: 'proof',
      topics: [topics.identityUser],
      handle: async (message) => {
        received.push(message);
      },
    });
    try {
      const key = randomUUID();
      await bus.publish([{ topic: topics.identityUser, key, value: Buffer.from('round trip') }]);
      const message = await eventually(async () => received.find((m) => m.key === key), 60_000);
      assert.equal(Buffer.from(message.value).toString(), 'round trip');
    } finally {
      await subscription.stop();
      await bus.close();
    }
  });
});
