import { createLogger } from '../observability/logger.ts';
import type { BusMessage, EventBus } from './bus.ts';
import { deadLetterHeaders, deadLetterTopic } from './consumer.ts';
import { decodeEnvelope } from './envelope.ts';
import { createKafkaBus, readKafkaTopic } from './kafka-bus.ts';

/** One message on a service's dead-letter topic, as an operator sees it. */
export interface DeadLetter {
  /** Where it sits on the dead-letter topic (Kafka: `partition:offset`). */
  position: string;
  eventId?: string;
  type?: string;
  originalTopic?: string;
  key: string;
  error?: string;
  deadLetteredAt?: string;
  message: BusMessage;
}

/** Reads a topic to its current end: Kafka's `readKafkaTopic`, or a stand-in in tests. */
export type TopicReader = (topic: string) => Promise<(BusMessage & { position: string })[]>;

function describe(message: BusMessage & { position: string }): DeadLetter {
  const headers = message.headers ?? {};
  let envelope: { eventId: string; type: string } | undefined;
  try {
    envelope = decodeEnvelope(message.value);
  } catch {
    // An undecodable message is listed with what its headers say.
  }
  const eventId = headers[deadLetterHeaders.eventId] ?? envelope?.eventId;
  const originalTopic = headers[deadLetterHeaders.originalTopic];
  const error = headers[deadLetterHeaders.error];
  const deadLetteredAt = headers[deadLetterHeaders.deadLetteredAt];
  return {
    position: message.position,
    key: message.key,
    message,
    ...(eventId ? { eventId } : {}),
    ...(envelope ? { type: envelope.type } : {}),
    ...(originalTopic ? { originalTopic } : {}),
    ...(error ? { error } : {}),
    ...(deadLetteredAt ? { deadLetteredAt } : {}),
  };
}

export async function listDeadLetters(read: TopicReader, service: string): Promise<DeadLetter[]> {
  return (await read(deadLetterTopic(service))).map(describe);
}

/**
 * Publishes dead letters back to the topic they came from (all of them, or those of the given
 * event ids), without the dead-letter headers. Consumers record each event id they apply, so a
 * replayed event that was applied after all, or is replayed twice, changes nothing twice; other
 * services on that topic skip it the same way. The dead-letter topic keeps its copy (Kafka logs
 * are append-only); it ages out with the topic's retention.
 */
export async function replayDeadLetters(read: TopicReader, bus: EventBus, service: string, eventIds?: readonly string[]): Promise<DeadLetter[]> {
  const wanted = eventIds && eventIds.length > 0 ? new Set(eventIds) : undefined;
  const chosen = (await listDeadLetters(read, service)).filter((d) => d.originalTopic && (!wanted || (d.eventId && wanted.has(d.eventId))));
  const dropped = new Set<string>(Object.values(deadLetterHeaders));
  await bus.publish(
    chosen.map((d) => ({
      topic: d.originalTopic ?? '',
      key: d.key,
      value: d.message.value,
      headers: {
        ...Object.fromEntries(Object.entries(d.message.headers ?? {}).filter(([name]) => !dropped.has(name))),
        'x-replayed-from': deadLetterTopic(service),
      },
    })),
  );
  return chosen;
}

const usage = `usage: npm run dead-letters -- list <service>
       npm run dead-letters -- replay <service> [--event-id <id>]...
Reads KAFKA_BROKERS (required) and KAFKA_NAMESPACE.`;

/** The `npm run dead-letters` command: one JSON line per dead letter listed or replayed. */
export async function runDeadLettersCommand(args: readonly string[], env: Record<string, string | undefined>, out: (line: string) => void): Promise<number> {
  const [command, service, ...rest] = args;
  const eventIds: string[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const id = rest[i + 1];
    if (rest[i] !== '--event-id' || !id) {
      out(usage);
      return 2;
    }
    eventIds.push(id);
  }
  if ((command !== 'list' && command !== 'replay') || !service || (command === 'list' && eventIds.length > 0)) {
    out(usage);
    return 2;
  }
  const brokers =
    env.KAFKA_BROKERS?.split(',')
      .map((b) => b.trim())
      .filter(Boolean) ?? [];
  if (brokers.length === 0) {
    out('KAFKA_BROKERS is not set: dead letters live on Kafka');
    return 2;
  }
  const namespace = env.KAFKA_NAMESPACE ?? '';
  const logger = createLogger('dead-letters', 'warn');
  const read: TopicReader = async (topic) =>
    (await readKafkaTopic({ brokers, clientId: 'dead-letters', logger, namespace, topic })).map((m) => ({ ...m, position: `${m.partition}:${m.offset}` }));
  const show = (d: DeadLetter) => {
    out(
      JSON.stringify({
        position: d.position,
        eventId: d.eventId,
        type: d.type,
        originalTopic: d.originalTopic,
        key: d.key,
        error: d.error,
        deadLetteredAt: d.deadLetteredAt,
      }),
    );
  };
  if (command === 'list') {
    for (const d of await listDeadLetters(read, service)) show(d);
    return 0;
  }
  const bus = createKafkaBus({ brokers, clientId: 'dead-letters', logger, namespace });
  try {
    const replayed = await replayDeadLetters(read, bus, service, eventIds);
    for (const d of replayed) show(d);
    const missing = eventIds.filter((id) => !replayed.some((d) => d.eventId === id));
    if (missing.length > 0) {
      out(`not found: ${missing.join(', ')}`);
      return 1;
    }
    return 0;
  } finally {
    await bus.close();
  }
}

if (import.meta.main) {
  process.exitCode = await runDeadLettersCommand(process.argv.slice(2), process.env, (line) => {
    console.log(line);
  });
}
