import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, Partitioners, logLevel as kafkaLogLevel, type Admin, type Producer, type LogEntry, type EachMessagePayload, type KafkaMessage } from 'kafkajs';
import type { Logger } from '../observability/logger.ts';
import type { BusMessage, EventBus } from './bus.ts';
import { ensureTopics } from './topics.ts';

export interface KafkaBusOptions {
  brokers: readonly string[];
  clientId: string;
  logger: Logger;
  /** Prepended to every topic and group name; lets tests share a broker without meeting. */
  namespace?: string;
  /** Partitions consumed side by side by one subscription. */
  partitions?: number;
  /**
   * Creates a topic on first use (3 partitions, a day's retention). Only for the kit's own
   * tests, whose topics are not in the catalogue: services expect `npm run kafka:topics` to have
   * made theirs, so a topic's shape never depends on who used it first.
   */
  createTopicsOnUse?: boolean;
}

/** A kafkajs client whose own log goes to ours: its errors as errors, the rest as warnings. */
function kafkaClient(clientId: string, brokers: readonly string[], logger: Logger): Kafka {
  return new Kafka({
    clientId,
    brokers: [...brokers],
    logLevel: kafkaLogLevel.WARN,
    logCreator: () => (entry: LogEntry) => {
      const { message, ...fields } = entry.log;
      const level = entry.level <= kafkaLogLevel.ERROR ? 'error' : 'warn';
      logger[level]({ kafka: fields, namespace: entry.namespace }, message);
    },
  });
}

/** A message's headers as text. */
function headersOf(message: KafkaMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) if (value !== undefined) headers[name] = value.toString();
  return headers;
}

/** A consumed message as the bus hands it on: its topic without the namespace. */
function busMessageOf({ topic, message }: EachMessagePayload, namespace: string): BusMessage {
  return {
    topic: topic.slice(namespace.length),
    key: message.key?.toString() ?? '',
    value: new Uint8Array(message.value ?? Buffer.alloc(0)),
    headers: headersOf(message),
  };
}

/** With `createTopicsOnUse`, makes the topics not made before (3 partitions, a day's retention); otherwise nothing. */
function topicsOnUse(options: KafkaBusOptions): (topics: readonly string[]) => Promise<void> {
  const knownTopics = new Set<string>();
  const day = 24 * 60 * 60 * 1000;
  return async (topics) => {
    const missing = topics.filter((t) => !knownTopics.has(t));
    if (!options.createTopicsOnUse || missing.length === 0) return;
    await ensureTopics({ brokers: options.brokers, topics: missing.map((name) => ({ name, partitions: 3, retentionMs: day })) });
    for (const topic of missing) knownTopics.add(topic);
  };
}

/** The real stack's bus. kafkajs stays behind the EventBus port; nothing else imports it. */
export function createKafkaBus(options: KafkaBusOptions): EventBus {
  const { logger, namespace = '', partitions = 3 } = options;
  const kafka = kafkaClient(options.clientId, options.brokers, logger);
  const admin: Admin = kafka.admin();
  let adminReady: Promise<void> | undefined;
  const createOnUse = topicsOnUse(options);
  let producer: Producer | undefined;
  let producerReady: Promise<void> | undefined;
  const consumers = new Set<{ disconnect(): Promise<void> }>();

  const getProducer = async (): Promise<Producer> => {
    producer ??= kafka.producer({
      allowAutoTopicCreation: false,
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    producerReady ??= producer.connect();
    await producerReady;
    return producer;
  };

  return {
    async publish(messages) {
      if (messages.length === 0) return;
      const byTopic = new Map<string, BusMessage[]>();
      for (const m of messages) byTopic.set(namespace + m.topic, [...(byTopic.get(namespace + m.topic) ?? []), m]);
      await createOnUse([...byTopic.keys()]);
      const p = await getProducer();
      await p.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, batch]) => ({
          topic,
          messages: batch.map((m) => ({ key: m.key, value: Buffer.from(m.value), headers: m.headers ?? {} })),
        })),
      });
    },
    async subscribe({ group, topics, handle }) {
      const names = topics.map((t) => namespace + t);
      await createOnUse(names);
      // A short fetch wait keeps shutdown (which waits for the fetch in flight) quick; data still returns at once.
      const consumer = kafka.consumer({ allowAutoTopicCreation: false, groupId: namespace + group, retry: { retries: 10 }, maxWaitTimeInMs: 1000 });
      await consumer.connect();
      try {
        // Fails at once for a topic the catalogue did not make (services never create topics).
        await consumer.subscribe({ topics: names, fromBeginning: true });
      } catch (error) {
        await consumer.disconnect();
        throw error;
      }
      await consumer.run({
        // A message held back by retries stalls only its own partition, not the others.
        partitionsConsumedConcurrently: partitions,
        eachMessage: async (payload: EachMessagePayload) => {
          await handle(busMessageOf(payload, namespace), { heartbeat: () => payload.heartbeat() });
        },
      });
      consumers.add(consumer);
      return {
        async stop() {
          consumers.delete(consumer);
          await consumer.disconnect();
        },
      };
    },
    async ping() {
      adminReady ??= admin.connect();
      await adminReady;
      await admin.describeCluster();
    },
    async close() {
      await Promise.all([...consumers].map((c) => c.disconnect()));
      consumers.clear();
      if (producer) await producer.disconnect();
      if (adminReady) await admin.disconnect();
    },
  };
}

export interface StoredMessage extends BusMessage {
  partition: number;
  offset: string;
}

/**
 * A topic's offsets. A topic just created (a first dead letter) is listed before its partitions
 * have a leader, and the broker then answers "not the leader": asked again, it answers.
 */
async function offsetsOnceLed(admin: Admin, topic: string): Promise<Awaited<ReturnType<Admin['fetchTopicOffsets']>>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await admin.fetchTopicOffsets(topic);
    } catch (error) {
      if (attempt >= 10 || (error as { retriable?: boolean }).retriable !== true) throw error;
      await sleep(100 * attempt);
    }
  }
}

/**
 * Everything on one topic now, oldest first per partition, read without joining any service's
 * group or committing anything (a throwaway group, deleted afterwards). For operators' tools
 * such as the dead-letter command, not for services.
 */
export async function readKafkaTopic(options: Omit<KafkaBusOptions, 'partitions'> & { topic: string; timeoutMs?: number }): Promise<StoredMessage[]> {
  const { namespace = '', topic, timeoutMs = 30_000 } = options;
  const kafka = new Kafka({ clientId: options.clientId, brokers: [...options.brokers], logLevel: kafkaLogLevel.ERROR });
  const admin = kafka.admin();
  await admin.connect();
  const groupId = `${namespace}reader-${randomUUID()}`;
  try {
    const name = namespace + topic;
    if (!(await admin.listTopics()).includes(name)) return [];
    const ends = new Map((await offsetsOnceLed(admin, name)).map((p) => [p.partition, { low: BigInt(p.low), high: BigInt(p.high) }]));
    const remaining = new Set([...ends].filter(([, e]) => e.high > e.low).map(([p]) => p));
    if (remaining.size === 0) return [];
    const found: StoredMessage[] = [];
    const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 200 });
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [name], fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`${name}: not read to its end within ${timeoutMs} ms`));
        }, timeoutMs);
        consumer
          .run({
            autoCommit: false,
            eachMessage: async ({ partition, message }) => {
              const end = ends.get(partition);
              if (!end || BigInt(message.offset) >= end.high) return;
              found.push({
                topic,
                partition,
                offset: message.offset,
                key: message.key?.toString() ?? '',
                value: new Uint8Array(message.value ?? Buffer.alloc(0)),
                headers: headersOf(message),
              });
              if (BigInt(message.offset) + 1n >= end.high) remaining.delete(partition);
              if (remaining.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch(reject);
      });
    } finally {
      await consumer.disconnect();
    }
    return found.sort((a, b) => a.partition - b.partition || Number(BigInt(a.offset) - BigInt(b.offset)));
  } finally {
    await admin.deleteGroups([groupId]).catch(() => undefined);
    await admin.disconnect();
  }
}
