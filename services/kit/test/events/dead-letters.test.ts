import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { UserRegisteredEvent } from '@betterplus/events';
import { createKafkaBus, readKafkaTopic } from '../../src/events/kafka-bus.ts';
import { listDeadLetters, replayDeadLetters, runDeadLettersCommand, type TopicReader } from '../../src/events/dead-letters.ts';
import { createInProcessBus, createMetrics, createUnitOfWork, deadLetterTopic, encodeEvent, on, PermanentEventError, startConsumer } from '../../src/index.ts';
import type { EventBus } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { collect, createTestStack, realInfrastructure, silentLogger, testResources } from '../support.ts';

const resources = testResources(await createTestStack());
after(() => resources.close());
const db = await resources.kitDatabase();
await db.exec('CREATE TABLE applied (event_id uuid NOT NULL)');

const service = 'ledger';
const kafka = realInfrastructure.kafka?.split(',');

/** A bus of its own; on Kafka under a namespace the operator's command is pointed at. */
function openBus(): { bus: EventBus; namespace: string } {
  const namespace = `kit-test-${randomUUID().slice(0, 8)}.`;
  const bus = kafka
    ? createKafkaBus({ brokers: kafka, clientId: 'kit-test', logger: silentLogger, namespace, createTopicsOnUse: true })
    : createInProcessBus(10);
  after(() => bus.close());
  return { bus, namespace };
}
const topic = UserRegisteredEvent.topic;

/** Kafka: the operator's reader, on the bus's namespace. In-process: a group that has seen everything. */
async function readerFor(bus: EventBus, namespace: string): Promise<TopicReader> {
  if (kafka) {
    return async (name) =>
      (await readKafkaTopic({ brokers: kafka, clientId: 'kit-test', logger: silentLogger, namespace, topic: name })).map((m) => ({
        ...m,
        position: `${m.partition}:${m.offset}`,
      }));
  }
  const seen = await collect(bus, 'dead-letter-reader', [deadLetterTopic(service)]);
  return async () => seen.messages.map((m, i) => ({ ...m, position: String(i) }));
}

describe(`dead letters on ${realInfrastructure.kafka ? 'Kafka' : 'the in-process bus'}`, () => {
  it('lists a dead letter with its event, topic and reason, counts it, and a replay applies it once', async () => {
    const { bus, namespace } = openBus();
    const read = await readerFor(bus, namespace);
    const metrics = createMetrics(service);
    let refusing = true;
    const handler = on(UserRegisteredEvent, async (_payload, { tx, envelope }) => {
      if (refusing) throw new PermanentEventError('no such plan');
      await tx.query('INSERT INTO applied (event_id) VALUES ($1)', [envelope.eventId]);
    });
    const subscription = await startConsumer({
      service,
      bus,
      uow: createUnitOfWork(db, service, () => undefined),
      handlers: [handler],
      logger: silentLogger,
      metrics,
    });
    const key = randomUUID();
    const event = encodeEvent(UserRegisteredEvent, 'identity', key, { userId: key, name: 'Arjun' });
    await bus.publish([{ topic, key, value: event.bytes }]);

    const [dead] = await eventually(async () => {
      const found = await listDeadLetters(read, service);
      return found.length > 0 ? found : undefined;
    }, 30_000);
    assert.equal(dead?.eventId, event.eventId);
    assert.equal(dead.type, UserRegisteredEvent.schema.typeName);
    assert.equal(dead.originalTopic, topic);
    assert.equal(dead.key, key);
    assert.match(dead.error ?? '', /PermanentEventError: no such plan/);
    assert.deepEqual(
      (await metrics.deadLettered.get()).values.map((v) => [v.labels.topic, v.value]),
      [[topic, 1]],
    );
    if (kafka) {
      const lines: string[] = [];
      assert.equal(
        await runDeadLettersCommand(['list', service], { KAFKA_BROKERS: realInfrastructure.kafka, KAFKA_NAMESPACE: namespace }, (l) => lines.push(l)),
        0,
      );
      assert.deepEqual(
        lines.map((l) => JSON.parse(l) as { eventId: string; originalTopic: string }).map((d) => [d.eventId, d.originalTopic]),
        [[event.eventId, topic]],
      );
    }

    // The cause is fixed; the operator replays it, twice by mistake: applied once.
    refusing = false;
    const applied = async () => (await db.query('SELECT 1 FROM applied WHERE event_id = $1', [event.eventId])).rows.length;
    assert.equal((await replayDeadLetters(read, bus, service, [event.eventId])).length, 1);
    await eventually(async () => ((await applied()) === 1 ? true : undefined), 30_000);
    await replayDeadLetters(read, bus, service, [event.eventId]);
    await eventually(
      async () => ((await metrics.consumedEvents.get()).values.some((v) => v.labels.outcome === 'duplicate' && v.value > 0) ? true : undefined),
      30_000,
    );
    assert.equal(await applied(), 1);
    assert.equal((await listDeadLetters(read, service)).length, 1, 'nothing new dead-lettered');
    await subscription.stop();
  });

  it('the command refuses bad arguments and a missing KAFKA_BROKERS with its usage', async () => {
    const lines: string[] = [];
    assert.equal(await runDeadLettersCommand(['purge', 'ledger'], { KAFKA_BROKERS: 'localhost:1' }, (l) => lines.push(l)), 2);
    assert.equal(await runDeadLettersCommand(['replay', 'ledger', '--event-id'], { KAFKA_BROKERS: 'localhost:1' }, (l) => lines.push(l)), 2);
    assert.equal(await runDeadLettersCommand(['list', 'ledger'], {}, (l) => lines.push(l)), 2);
    assert.match(lines.join('\n'), /usage: npm run dead-letters -- list <service>/);
    assert.match(lines.at(-1) ?? '', /KAFKA_BROKERS is not set/);
  });
});
