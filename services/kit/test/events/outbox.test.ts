import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, describe, it } from 'node:test';
import { UserRegisteredEvent } from '@betterplus/events';
import { createMetrics, createOutboxRelay, createUnitOfWork, decodeEnvelope, decodePayload } from '../../src/index.ts';
import type { BusMessage, EventBus, OutboxRelay, UnitOfWork } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { collect, createTestStack, silentLogger, testResources } from '../support.ts';

const resources = testResources(await createTestStack());
/** One database for the file: each test keys its events by a user of its own and stops its relays. */
const db = await resources.kitDatabase();
const relays: OutboxRelay[] = [];
const stopRelays = () => Promise.all(relays.splice(0).map((relay) => relay.stop()));
after(async () => {
  await stopRelays();
  await resources.close();
});

/** Long enough that anything arriving within a test's wait came through `wake`, not a poll. */
const neverPolls = 60_000;

/** A bus that refuses the first `failures` publishes, then passes them to the real one. */
function flakyBus(bus: EventBus, failures: number): EventBus & { refused: number } {
  const flaky = {
    refused: 0,
    async publish(messages: readonly BusMessage[]) {
      if (flaky.refused < failures) {
        flaky.refused += 1;
        throw new Error(`broker unavailable #${flaky.refused}`);
      }
      await bus.publish(messages);
    },
    subscribe: bus.subscribe.bind(bus),
    ping: bus.ping.bind(bus),
    close: bus.close.bind(bus),
  };
  return flaky;
}

interface Setup {
  bus: EventBus;
  /** This test's user: one key for all its events, so Kafka keeps their order as the in-process bus does. */
  userId: string;
  /** Names of this test's registrations that reached the bus, in arrival order. */
  arrived(): string[];
  relay(bus?: EventBus): OutboxRelay;
  /** A unit of work that wakes `relay` (if given) after each commit with events. */
  uow(relay?: OutboxRelay): UnitOfWork;
  register(uow: UnitOfWork, name: string): Promise<string>;
  /** This test's outbox rows, oldest first. */
  rows(): Promise<{ attempts: number; last_error: string | null; published: boolean }[]>;
}

async function setup(): Promise<Setup> {
  const bus = resources.bus();
  const userId = randomUUID();
  const watcher = await collect(bus, 'watcher', [UserRegisteredEvent.topic]);
  return {
    bus,
    userId,
    arrived: () => watcher.messages.filter((m) => m.key === userId).map((m) => decodePayload(UserRegisteredEvent, decodeEnvelope(m.value)).name),
    relay(relayBus = bus) {
      const relay = createOutboxRelay({ db, bus: relayBus, logger: silentLogger, metrics: createMetrics('outbox-test'), pollIntervalMs: neverPolls });
      relays.push(relay);
      return relay;
    },
    uow: (relay) => createUnitOfWork(db, 'identity', () => relay?.wake()),
    register: (uow, name) => uow.run((tx) => tx.publish(UserRegisteredEvent, userId, { userId, name, email: `${name}@example.in` })),
    async rows() {
      const { rows } = await db.query<{ attempts: number; last_error: string | null; published: boolean }>(
        'SELECT attempts, last_error, published_at IS NOT NULL AS published FROM outbox WHERE key = $1 ORDER BY id',
        [userId],
      );
      return rows;
    },
  };
}

const arrivedCount = (s: Setup, n: number) => () => Promise.resolve(s.arrived().length >= n ? true : undefined);

describe('outbox and relay', () => {
  afterEach(stopRelays);

  it('never publishes the events of a transaction that rolled back', async () => {
    const s = await setup();
    const relay = s.relay();
    relay.start();
    const uow = s.uow(relay);

    await assert.rejects(
      uow.run(async (tx) => {
        await tx.publish(UserRegisteredEvent, s.userId, { userId: s.userId, name: 'ghost' });
        throw new Error('signup failed after the event was recorded');
      }),
      /signup failed/,
    );
    assert.deepEqual(await s.rows(), []);

    await s.register(uow, 'real');
    await eventually(arrivedCount(s, 1), 5000);
    assert.deepEqual(s.arrived(), ['real']);
  });

  it('publishes committed events in order as soon as a commit wakes the relay', async () => {
    const s = await setup();
    const relay = s.relay();
    const uow = s.uow(relay);
    const firstId = await s.register(uow, 'first');
    relay.start();
    await eventually(arrivedCount(s, 1), 5000);

    // The relay now sleeps for a minute; only the wake after each commit can bring these out.
    await uow.run(async (tx) => {
      await tx.publish(UserRegisteredEvent, s.userId, { userId: s.userId, name: 'second' });
      await tx.publish(UserRegisteredEvent, s.userId, { userId: s.userId, name: 'third' });
    });
    await s.register(uow, 'fourth');
    await eventually(arrivedCount(s, 4), 5000);
    assert.deepEqual(s.arrived(), ['first', 'second', 'third', 'fourth']);

    const { rows } = await db.query<{ event_id: string; envelope: Uint8Array }>('SELECT event_id, envelope FROM outbox WHERE key = $1 ORDER BY id LIMIT 1', [
      s.userId,
    ]);
    const envelope = decodeEnvelope(new Uint8Array(rows[0]?.envelope ?? []));
    assert.equal(rows[0]?.event_id, firstId);
    assert.equal(envelope.eventId, firstId);
    assert.equal(envelope.producer, 'identity');
    assert.equal(envelope.key, s.userId);
    assert.equal(envelope.type, UserRegisteredEvent.schema.typeName);
    await eventually(async () => ((await s.rows()).every((row) => row.published) ? true : undefined));
  });

  it('keeps events unpublished while the bus fails, records why, then publishes each once in order', async () => {
    const s = await setup();
    const flaky = flakyBus(s.bus, 3);
    const relay = s.relay(flaky);
    relay.start();
    const uow = s.uow(relay);
    await s.register(uow, 'a');
    await s.register(uow, 'b');

    const pending = await eventually(
      async () => {
        const rows = await s.rows();
        return rows[0] && rows[0].attempts > 0 && !rows[0].published ? rows : undefined;
      },
      5000,
      10,
    );
    assert.deepEqual(
      pending.map((row) => row.published),
      [false, false],
    );
    assert.match(pending[0]?.last_error ?? '', /broker unavailable/);
    assert.deepEqual(s.arrived(), []);

    await eventually(arrivedCount(s, 2), 5000);
    assert.equal(flaky.refused, 3);
    await eventually(async () => ((await s.rows()).every((row) => row.published) ? true : undefined));
    assert.deepEqual(await s.rows(), [
      { attempts: 3, last_error: 'Error: broker unavailable #3', published: true },
      // The failing head blocks the rows behind it instead of being overtaken by them.
      { attempts: 0, last_error: null, published: true },
    ]);

    // A later event arrives right after them: nothing was published twice in between.
    await s.register(uow, 'c');
    await eventually(arrivedCount(s, 3), 5000);
    assert.deepEqual(s.arrived(), ['a', 'b', 'c']);
  });

  it('leaves pending events for the next relay when stopped, which publishes them after a restart', async () => {
    const s = await setup();
    const stopped = s.relay(flakyBus(s.bus, Number.POSITIVE_INFINITY));
    stopped.start();
    await s.register(s.uow(stopped), 'while-down');
    await eventually(async () => ((await s.rows())[0]?.attempts ?? 0) > 0 || undefined, 5000);
    await stopped.stop();

    await s.register(s.uow(), 'while-stopped');
    assert.deepEqual(
      (await s.rows()).map((row) => row.published),
      [false, false],
    );

    s.relay().start();
    await eventually(arrivedCount(s, 2), 5000);
    assert.deepEqual(s.arrived(), ['while-down', 'while-stopped']);
  });
});
