import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { UserRegisteredEvent, UserUpdatedEvent } from '@betterplus/events';
import { createMetrics, createUnitOfWork, deadLetterTopic, encodeEvent, on, startConsumer } from '../../src/index.ts';
import type { Metrics } from '../../src/index.ts';
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
  /** Publishes these bytes on the user topic, as a producer would. */
  send(value: Uint8Array): Promise<void>;
  /** How many times the effect for `name` was applied (committed). */
  count(name: string): Promise<number>;
}

/**
 * A consumer whose effect is not idempotent by itself: each applied registration adds one to
 * a counter. `failures(name, call)` says whether the handler throws on that call, after its
 * increment, so a failed attempt that left its effect behind would show in the count.
 */
async function setup(failures: (name: string, call: number) => boolean = () => false): Promise<Setup> {
  tests += 1;
  const prefix = `t${tests}-`;
  const bus = resources.bus();
  const metrics = createMetrics(service);
  const calls = new Map<string, number>();
  const handler = on(UserRegisteredEvent, async (payload, { tx }) => {
    const name = payload.name.slice(prefix.length);
    const call = (calls.get(name) ?? 0) + 1;
    calls.set(name, call);
    await tx.query('INSERT INTO counters (name, n) VALUES ($1, 1) ON CONFLICT (name) DO UPDATE SET n = counters.n + 1', [payload.name]);
    if (failures(name, call)) throw new Error(`${name} is poisoned (call ${call})`);
  });
  const deadLetters = await collect(bus, 'dead-letter-reader', [deadLetterTopic(service)]);
  const uow = createUnitOfWork(db, service, () => undefined);
  await startConsumer({ service, bus, uow, handlers: [handler], logger: silentLogger, metrics, maxAttempts: 3, retryDelayMs: 5 });
  return {
    name: (name) => prefix + name,
    metrics,
    deadLetters,
    calls,
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

async function outcomes(metrics: Metrics): Promise<Record<string, number>> {
  const { values } = await metrics.consumedEvents.get();
  return Object.fromEntries(values.map((v) => [String(v.labels.outcome), v.value]));
}

describe('startConsumer', () => {
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

  it('retries a failing handler and keeps only the successful attempt', async () => {
    const s = await setup((name, call) => name === 'flaky' && call <= 2);
    await s.send(registration(s, 'flaky').bytes);
    await drain(s);

    assert.equal(s.calls.get('flaky'), 3);
    assert.equal(await s.count('flaky'), 1);
    assert.deepEqual(await outcomes(s.metrics), { applied: 2 });
    assert.equal(s.deadLetters.messages.length, 0);
  });

  it('dead-letters an event whose handler keeps failing, and moves on to the next', async () => {
    const s = await setup((name) => name === 'poison');
    const poison = registration(s, 'poison');
    await s.send(poison.bytes);
    await drain(s);

    assert.equal(s.calls.get('poison'), 3);
    assert.equal(await s.count('poison'), 0);
    const dead = await eventually(() => Promise.resolve(s.deadLetters.messages[0]));
    assert.equal(s.deadLetters.messages.length, 1);
    assert.deepEqual(dead.value, poison.bytes);
    assert.equal(dead.key, key);
    assert.equal(dead.headers?.['x-original-topic'], topic);
    assert.match(dead.headers['x-error'] ?? '', /poison is poisoned \(call 3\)/);
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
