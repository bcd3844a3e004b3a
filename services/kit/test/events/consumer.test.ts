import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { create, toBinary } from '@bufbuild/protobuf';
import { EnvelopeSchema, UserRegisteredEvent, UserUpdatedEvent } from '@betterplus/events';
import { createMetrics, createUnitOfWork, deadLetterTopic, encodeEvent, on, PermanentEventError, startConsumer } from '../../src/index.ts';
import type { EventBus, Metrics, Subscription } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { collect, createTestStack, silentLogger, testResources, type Collector } from '../support.ts';

const resources = testResources(await createTestStack());
after(() => resources.close());

/** One database for the file; each test counts names of its own and has its own bus and metrics. */
const db = await resources.kitDatabase();
await db.exec('CREATE TABLE counters (name text PRIMARY KEY, n int NOT NULL)');
let tests = 0;

const service = 'tally';
const topic = UserRegisteredEvent.topic;

interface Setup {
  /** The name as sent: prefixed per test, so the counts of other tests never mix in. */
  name(name: string): string;
  metrics: Metrics;
  deadLetters: Collector;
  /** How often the handler ran for each name, failed attempts included. */
  calls: Map<string, number>;
  /** Names in the order their handler succeeded. */
  order: string[];
  bus: EventBus;
  subscription: Subscription;
  /** Publishes these bytes on the user topic, as a producer would. */
  send(value: Uint8Array): Promise<void>;
  /** How many times the effect for `name` was applied (committed). */
  count(name: string): Promise<number>;
}

type Failure = 'transient' | 'permanent' | undefined;

/**
 * A consumer whose effect is not idempotent by itself: each applied registration adds one to
 * a counter. `failures(name, call)` says whether the handler throws on that call, after its
 * increment, so a failed attempt that left its effect behind would show in the count.
 */
async function setup(failures: (name: string, call: number) => Failure = () => undefined, retry = { retryDelayMs: 5, maxRetryDelayMs: 40 }): Promise<Setup> {
  tests += 1;
  const prefix = `t${tests}-`;
  const bus = resources.bus();
  const metrics = createMetrics(service);
  const calls = new Map<string, number>();
  const order: string[] = [];
  const handler = on(UserRegisteredEvent, async (payload, { tx }) => {
    const name = payload.name.slice(prefix.length);
    const call = (calls.get(name) ?? 0) + 1;
    calls.set(name, call);
    await tx.query('INSERT INTO counters (name, n) VALUES ($1, 1) ON CONFLICT (name) DO UPDATE SET n = counters.n + 1', [payload.name]);
    const failure = failures(name, call);
    if (failure === 'permanent') throw new PermanentEventError(`${name} can never be applied (call ${call})`);
    if (failure === 'transient') throw new Error(`${name} failed for now (call ${call})`);
    order.push(name);
  });
  const deadLetters = await collect(bus, 'dead-letter-reader', [deadLetterTopic(service)]);
  const uow = createUnitOfWork(db, service, () => undefined);
  const subscription = await startConsumer({ service, bus, uow, handlers: [handler], logger: silentLogger, metrics, ...retry });
  return {
    name: (name) => prefix + name,
    metrics,
    deadLetters,
    calls,
    order,
    bus,
    subscription,
    send: (value) => bus.publish([{ topic, key, value }]),
    async count(name) {
      const { rows } = await db.query<{ n: number }>('SELECT n FROM counters WHERE name = $1', [prefix + name]);
      return rows[0]?.n ?? 0;
    },
  };
}

/** One key for every message, so Kafka delivers them in order as the in-process bus does. */
const key = randomUUID();
const registration = (s: Setup, name: string) => encodeEvent(UserRegisteredEvent, 'identity', key, { userId: key, name: s.name(name) });

/** Sends a last registration and waits until it is applied: everything sent before it is handled. */
async function drain(s: Setup): Promise<void> {
  await s.send(registration(s, 'sentinel').bytes);
  await eventually(async () => ((await s.count('sentinel')) === 1 ? true : undefined), 10_000);
}

/** The outcomes that happened (every outcome is exported at 0 from the start). */
async function outcomes(metrics: Metrics): Promise<Record<string, number>> {
  const { values } = await metrics.consumedEvents.get();
  return Object.fromEntries(values.filter((v) => v.value > 0).map((v) => [String(v.labels.outcome), v.value]));
}

describe('startConsumer', () => {
  it('exports every outcome and the dead letters of each topic it consumes at 0 before any event, so the first one shows in increase()', async () => {
    const s = await setup();
    const consumed = (await s.metrics.consumedEvents.get()).values.map((v) => [v.labels.topic, v.labels.outcome, v.value]);
    assert.deepEqual(
      consumed,
      ['applied', 'duplicate', 'ignored', 'retried', 'dead_lettered'].map((outcome) => [topic, outcome, 0]),
    );
    assert.deepEqual(
      (await s.metrics.deadLettered.get()).values.map((v) => [v.labels.topic, v.value]),
      [[topic, 0]],
    );
  });

  it('applies an event delivered twice only once', async () => {
    const s = await setup();
    const event = registration(s, 'twice');
    await s.send(event.bytes);
    await s.send(event.bytes);
    await drain(s);

    assert.equal(await s.count('twice'), 1);
    assert.equal(s.calls.get('twice'), 1);
    assert.deepEqual(await outcomes(s.metrics), { applied: 2, duplicate: 1 });
    const recorded = await db.query<{ topic: string; type: string }>('SELECT topic, type FROM processed_events WHERE event_id = $1', [event.eventId]);
    assert.deepEqual(recorded.rows, [{ topic, type: UserRegisteredEvent.schema.typeName }]);
  });

  it('retries a transient failure for as long as it lasts, holding back what follows it', async () => {
    // Nine failures: past the five attempts (about 1.5 s) after which the old consumer gave up.
    const s = await setup((name, call) => (name === 'flaky' && call <= 9 ? 'transient' : undefined));
    await s.send(registration(s, 'flaky').bytes);
    await s.send(registration(s, 'next').bytes);
    await drain(s);

    assert.equal(s.calls.get('flaky'), 10);
    assert.equal(s.calls.get('next'), 1, 'the next message waited for the failing one instead of being tried beside it');
    assert.deepEqual(s.order, ['flaky', 'next', 'sentinel']);
    assert.equal(await s.count('flaky'), 1);
    const counted = await outcomes(s.metrics);
    assert.equal(counted.retried, 9);
    assert.equal(counted.applied, 3);
    assert.equal(counted.dead_lettered, undefined);
    assert.equal(s.deadLetters.messages.length, 0);
  });

  it('dead-letters at once an event whose handler throws PermanentEventError, and moves on to the next', async () => {
    const s = await setup((name) => (name === 'poison' ? 'permanent' : undefined));
    const poison = registration(s, 'poison');
    await s.send(poison.bytes);
    await drain(s);

    assert.equal(s.calls.get('poison'), 1);
    assert.equal(await s.count('poison'), 0);
    const dead = await eventually(() => Promise.resolve(s.deadLetters.messages[0]));
    assert.equal(s.deadLetters.messages.length, 1);
    assert.deepEqual(dead.value, poison.bytes);
    assert.equal(dead.key, key);
    assert.equal(dead.headers?.['x-original-topic'], topic);
    assert.equal(dead.headers['x-event-id'], poison.eventId);
    assert.match(dead.headers['x-error'] ?? '', /PermanentEventError: poison can never be applied \(call 1\)/);
    const { values } = await s.metrics.deadLettered.get();
    assert.deepEqual(
      values.map((v) => [v.labels.topic, v.value]),
      [[topic, 1]],
    );
  });

  it('dead-letters an envelope whose payload cannot be decoded', async () => {
    const s = await setup();
    // Field 1 with wire type 7, which does not exist: no protobuf decoder accepts it.
    const envelope = create(EnvelopeSchema, {
      eventId: randomUUID(),
      type: UserRegisteredEvent.schema.typeName,
      producer: 'identity',
      key,
      payload: Uint8Array.of(0x0f),
    });
    const bytes = toBinary(EnvelopeSchema, envelope);
    await s.send(bytes);
    await drain(s);

    const dead = await eventually(() => Promise.resolve(s.deadLetters.messages[0]));
    assert.deepEqual(dead.value, bytes);
    assert.match(dead.headers?.['x-error'] ?? '', /^undecodable payload of betterplus\.identity\.v1\.UserRegistered/);
    assert.equal((await outcomes(s.metrics)).dead_lettered, 1);
  });

  it('stops promptly while waiting to retry, leaving the message to be delivered again', async () => {
    // A first pause of at least 30 s: stop() must cut it short rather than wait it out.
    const s = await setup(() => 'transient', { retryDelayMs: 60_000, maxRetryDelayMs: 60_000 });
    await s.send(registration(s, 'stuck').bytes);
    await eventually(async () => (s.calls.get('stuck') === 1 ? true : undefined), 10_000);
    const started = Date.now();
    await s.subscription.stop();
    const stoppedInMs = Date.now() - started;
    assert.ok(stoppedInMs < 10_000, `stop() took ${stoppedInMs} ms`);
    assert.equal(await s.count('stuck'), 0);
    assert.equal(s.deadLetters.messages.length, 0);

    // Not acknowledged: the group's next consumer is given the same message and applies it.
    const uow = createUnitOfWork(db, service, () => undefined);
    const retry = await startConsumer({
      service,
      bus: s.bus,
      uow,
      handlers: [
        on(UserRegisteredEvent, async (payload, { tx }) => {
          await tx.query('INSERT INTO counters (name, n) VALUES ($1, 1) ON CONFLICT (name) DO UPDATE SET n = counters.n + 1', [payload.name]);
        }),
      ],
      logger: silentLogger,
      metrics: createMetrics(service),
    });
    await eventually(async () => ((await s.count('stuck')) === 1 ? true : undefined), 30_000);
    await retry.stop();
  });

  it('dead-letters a message that is not an envelope', async () => {
    const s = await setup();
    const garbage = new TextEncoder().encode('not a protobuf envelope');
    await s.send(garbage);
    await drain(s);

    const dead = await eventually(() => Promise.resolve(s.deadLetters.messages[0]));
    assert.deepEqual(dead.value, garbage);
    assert.equal(dead.headers?.['x-original-topic'], topic);
    assert.match(dead.headers['x-error'] ?? '', /^undecodable envelope/);
    assert.equal((await outcomes(s.metrics)).dead_lettered, 1);
  });

  it('skips an event type it has no handler for', async () => {
    const s = await setup();
    const update = encodeEvent(UserUpdatedEvent, 'identity', key, { userId: key, name: s.name('renamed') });
    await s.send(update.bytes);
    await drain(s);

    assert.equal(await s.count('renamed'), 0);
    assert.deepEqual((await db.query('SELECT event_id FROM processed_events WHERE event_id = $1', [update.eventId])).rows, []);
    assert.deepEqual(await outcomes(s.metrics), { ignored: 1, applied: 1 });
    assert.equal(s.deadLetters.messages.length, 0);
  });
});
