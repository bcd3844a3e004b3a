import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, afterEach, describe, it } from 'node:test';
import { UserRegisteredEvent } from '@betterplus/events';
import { createMetrics, createOutboxRelay, createUnitOfWork, decodeEnvelope, decodePayload } from '../../src/index.ts';
import type { BusMessage, EventBus, OutboxRelay } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { collect, createTestStack, realInfrastructure, silentLogger, testResources } from '../support.ts';

/**
 * The relay as replicas run it: rows claimed with FOR UPDATE SKIP LOCKED in short transactions,
 * published outside any, order kept per key, a row that cannot be published set aside. On
 * PostgreSQL when DATABASE_URL is set (where the races are real), on PGlite otherwise.
 */
const resources = testResources(await createTestStack());
const db = await resources.kitDatabase();
const relays: OutboxRelay[] = [];
after(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  await resources.close();
});

const uow = createUnitOfWork(db, 'identity', () => undefined);

const relay = (
  bus: EventBus,
  options: { batchSize?: number; maxAttempts?: number; leaseMs?: number; metrics?: ReturnType<typeof createMetrics> } = {},
): OutboxRelay => {
  const created = createOutboxRelay({
    db,
    bus,
    logger: silentLogger,
    metrics: options.metrics ?? createMetrics('relay-test'),
    pollIntervalMs: 100,
    maxBackoffMs: 400,
    ...options,
  });
  relays.push(created);
  created.start();
  return created;
};

/** Records `count` registrations (named prefix + index) for each key, one transaction each, interleaving the keys. */
async function record(keys: readonly string[], count: number, prefix = ''): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    for (const key of keys) await uow.run((tx) => tx.publish(UserRegisteredEvent, key, { userId: key, name: `${prefix}${String(i)}` }));
  }
}

const names = (messages: readonly BusMessage[], key: string) =>
  messages.filter((m) => m.key === key).map((m) => decodePayload(UserRegisteredEvent, decodeEnvelope(m.value)).name);

const rowsOf = async (key: string) =>
  (
    await db.query<{ attempts: number; last_error: string | null; published: boolean; parked: boolean }>(
      'SELECT attempts, last_error, published_at IS NOT NULL AS published, parked_at IS NOT NULL AS parked FROM outbox WHERE key = $1 ORDER BY id',
      [key],
    )
  ).rows;

/** A bus in front of `bus` that can refuse some messages, or everything (ping too), or hold publishes. */
function controlledBus(bus: EventBus) {
  const control = {
    refuseKey: undefined as string | undefined,
    down: false,
    hold: undefined as Promise<void> | undefined,
    /** Random delay per publish, so two relays interleave. */
    jitterMs: 0,
    published: 0,
  };
  const wrapped: EventBus = {
    async publish(messages) {
      if (control.hold) await control.hold;
      if (control.jitterMs > 0) await sleep(Math.random() * control.jitterMs);
      if (control.down) throw new Error('broker unreachable');
      if (messages.some((m) => m.key === control.refuseKey)) throw new Error('message rejected by the broker');
      await bus.publish(messages);
      control.published += messages.length;
    },
    subscribe: (options) => bus.subscribe(options),
    async ping() {
      if (control.down) throw new Error('broker unreachable');
      await bus.ping();
    },
    close: () => bus.close(),
  };
  return { bus: wrapped, control };
}

describe('outbox relay replicas', () => {
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });

  it('publishes every row exactly once and in order per key with two relays on one database', async () => {
    const bus = resources.bus();
    const watcher = await collect(bus, 'watcher', [UserRegisteredEvent.topic]);
    const keys: string[] = Array.from({ length: 12 }, () => randomUUID());
    const perKey = 15;
    await record(keys, perKey);
    const { bus: slow, control } = controlledBus(bus);
    control.jitterMs = 5;
    // Small batches and several in flight each: the two relays keep claiming beside each other.
    relay(slow, { batchSize: 3 });
    relay(slow, { batchSize: 3 });

    const ours = () => watcher.messages.filter((m) => keys.includes(m.key));
    await eventually(async () => (ours().length >= keys.length * perKey ? true : undefined), 60_000);
    await sleep(200);
    const expected = Array.from({ length: perKey }, (_, i) => String(i));
    for (const key of keys) assert.deepEqual(names(ours(), key), expected, `key ${key}: each event once, in order`);
    const events = ours().map((m) => decodeEnvelope(m.value).eventId);
    assert.equal(new Set(events).size, events.length, 'no event published twice');
    for (const key of keys) assert.ok((await rowsOf(key)).every((r) => r.published && r.attempts === 0));
  });

  it('parks a row that cannot be published while other keys, and later rows of its key, flow', async () => {
    const bus = resources.bus();
    const watcher = await collect(bus, 'watcher', [UserRegisteredEvent.topic]);
    const [poison, other] = [randomUUID(), randomUUID()];
    await record([poison, other], 1);
    const { bus: picky, control } = controlledBus(bus);
    control.refuseKey = poison;
    const metrics = createMetrics('relay-test');
    relay(picky, { maxAttempts: 3, metrics });

    await eventually(async () => ((await rowsOf(poison))[0]?.parked ? true : undefined), 15_000);
    const [parked] = await rowsOf(poison);
    assert.deepEqual(parked, { attempts: 3, last_error: 'Error: message rejected by the broker', published: false, parked: true });
    assert.deepEqual(names(watcher.messages, other), ['0'], 'the other key was published meanwhile');
    assert.match(await metrics.registry.getSingleMetricAsString('outbox_parked_total'), /outbox_parked_total\{topic="identity\.user\.v1"[^}]*\} 1/);

    // Set aside, the parked row no longer holds its key back.
    control.refuseKey = undefined;
    await record([poison, other], 1, 'later-');
    await eventually(async () => (names(watcher.messages, poison).length >= 1 && names(watcher.messages, other).length >= 2 ? true : undefined), 15_000);
    assert.deepEqual(names(watcher.messages, poison), ['later-0']);
    assert.equal((await rowsOf(poison))[0]?.parked, true);
  });

  it('blames no row while the bus itself is down: nothing is parked, all is published once it returns', async () => {
    const bus = resources.bus();
    const watcher = await collect(bus, 'watcher', [UserRegisteredEvent.topic]);
    const key = randomUUID();
    const { bus: flaky, control } = controlledBus(bus);
    control.down = true;
    await record([key], 3);
    relay(flaky, { maxAttempts: 1 });
    await eventually(async () => ((await rowsOf(key))[0]?.last_error ? true : undefined), 10_000);
    await sleep(500);
    assert.deepEqual(
      (await rowsOf(key)).map((r) => [r.parked, r.attempts]),
      [
        [false, 0],
        [false, 0],
        [false, 0],
      ],
    );

    control.down = false;
    await eventually(async () => (names(watcher.messages, key).length >= 3 ? true : undefined), 15_000);
    assert.deepEqual(names(watcher.messages, key), ['0', '1', '2']);
  });

  it('publishes outside any transaction: a slow publish holds no lock and no open transaction', async () => {
    const bus = resources.bus();
    const key = randomUUID();
    const { bus: slow, control } = controlledBus(bus);
    let release: () => void = () => undefined;
    control.hold = new Promise((resolve) => (release = resolve));
    await record([key], 1);
    const published = control.published;
    relay(slow);
    const claimed = await eventually(async () => {
      const { rows } = await db.query<{ id: string }>('SELECT id::text FROM outbox WHERE key = $1 AND claimed_by IS NOT NULL', [key]);
      return rows[0]?.id;
    });
    assert.equal(control.published, published, 'the publish is still held');

    // The claimed row itself can be updated at once: the claim committed, nothing is locked.
    const updated = db.transaction(async (tx) => {
      if (realInfrastructure.postgres) await tx.query("SET LOCAL lock_timeout = '2s'");
      return tx.query("UPDATE outbox SET last_error = 'touched while publishing' WHERE id = $1", [claimed]);
    });
    const outcome = await Promise.race([updated.then((r) => r.rowCount), sleep(5000, 'blocked')]);
    assert.equal(outcome, 1);
    if (realInfrastructure.postgres) {
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
      );
      assert.equal(rows[0]?.n, 0, 'no session sits in an open transaction during the publish');
    }
    release();
    await eventually(async () => ((await rowsOf(key))[0]?.published ? true : undefined));
  });

  it("publishes a dead relay's claimed rows once their lease lapses", async () => {
    const bus = resources.bus();
    const watcher = await collect(bus, 'watcher', [UserRegisteredEvent.topic]);
    const key = randomUUID();
    await record([key], 2);
    await db.query("UPDATE outbox SET claimed_by = 'crashed-relay', claimed_until = now() + interval '1 second' WHERE key = $1", [key]);
    relay(bus);
    await sleep(300);
    assert.deepEqual(names(watcher.messages, key), [], 'a live claim is respected');
    await eventually(async () => (names(watcher.messages, key).length >= 2 ? true : undefined), 10_000);
    assert.deepEqual(names(watcher.messages, key), ['0', '1']);
  });
});

describe('an idle outbox relay', () => {
  it('with nothing pending, claims once a poll interval rather than spinning', async () => {
    const key = randomUUID();
    const bus = resources.bus();
    const watcher = await collect(bus, 'idle-watcher', [UserRegisteredEvent.topic]);
    await record([key], 1);
    let claims = 0;
    const counting = { ...db, transaction: <T>(work: Parameters<typeof db.transaction<T>>[0]) => ((claims += 1), db.transaction(work)) };
    const idle = createOutboxRelay({ db: counting, bus, logger: silentLogger, metrics: createMetrics('relay-idle-test'), pollIntervalMs: 250 });
    relays.push(idle);
    idle.start();
    await eventually(async () => (names(watcher.messages, key).length === 1 ? true : undefined));
    await eventually(async () => ((await rowsOf(key))[0]?.published ? true : undefined));
    claims = 0;
    await sleep(1000);
    // Four or five polls in a second; a relay that took "nothing pending" for "due now" claimed every 10 ms.
    assert.ok(claims <= 6, `${String(claims)} claims in one idle second`);
  });
});
