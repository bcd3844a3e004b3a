import { setTimeout as sleep } from 'node:timers/promises';
import kafkajs from 'kafkajs';
import { topicCatalogue, type TopicSettings } from '@betterplus/events';

// kafkajs is CommonJS, and Node does not see ConfigResourceTypes among its named exports.
const { ConfigResourceTypes, Kafka, logLevel: kafkaLogLevel } = kafkajs;

export interface EnsureTopicsOptions {
  brokers: readonly string[];
  /** Prepended to every name, as the services do (KAFKA_NAMESPACE). */
  namespace?: string;
  topics?: readonly TopicSettings[];
  replicationFactor?: number;
}

export interface EnsuredTopics {
  created: string[];
  /** Existing topics given more partitions (Kafka cannot take partitions away). */
  grown: string[];
  existing: string[];
}

/** A topic created a moment ago may not be in every broker's metadata yet: ask again briefly. */
async function settled<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 40) throw error;
      await sleep(250);
    }
  }
}

/**
 * Makes the broker hold every topic of the catalogue with its partitions and retention, and
 * changes nothing else: safe to run on every deploy and every start of the local broker.
 * Services never create topics (the broker's auto-creation is off), so a topic's shape is
 * decided here, not by whichever service happens to publish first.
 */
export async function ensureTopics(options: EnsureTopicsOptions): Promise<EnsuredTopics> {
  const { namespace = '', topics = topicCatalogue, replicationFactor = 1 } = options;
  const kafka = new Kafka({ clientId: 'topics', brokers: [...options.brokers], logLevel: kafkaLogLevel.ERROR });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const wanted = new Map(topics.map((t) => [namespace + t.name, t]));
    const present = new Set(await admin.listTopics());
    const missing = [...wanted].filter(([name]) => !present.has(name));
    const result: EnsuredTopics = { created: [], grown: [], existing: [] };
    if (missing.length > 0) {
      // Another run may create some at the same moment: what it made counts as existing.
      await admin
        .createTopics({
          // Its own wait (on by default) gives up on a topic the broker does not list yet: see below.
          waitForLeaders: false,
          topics: missing.map(([topic, t]) => ({
            topic,
            numPartitions: t.partitions,
            replicationFactor,
            configEntries: [{ name: 'retention.ms', value: String(t.retentionMs) }],
          })),
        })
        .catch(async (error: unknown) => {
          const now = new Set(await admin.listTopics());
          if (missing.some(([name]) => !now.has(name))) throw error;
        });
      // Until every partition has a leader, so a consumer subscribing next finds the topic.
      await settled(async () => {
        const { topics: metadata } = await admin.fetchTopicMetadata({ topics: missing.map(([name]) => name) });
        if (metadata.some((m) => m.partitions.length === 0 || m.partitions.some((p) => p.leader < 0))) throw new Error('topic leaders not elected yet');
      });
      result.created.push(...missing.map(([name]) => name));
    }
    const existing = [...wanted].filter(([name]) => present.has(name));
    if (existing.length > 0) {
      const { topics: metadata } = await settled(() => admin.fetchTopicMetadata({ topics: existing.map(([name]) => name) }));
      const short = metadata.filter((m) => m.partitions.length < (wanted.get(m.name)?.partitions ?? 0));
      if (short.length > 0)
        await admin.createPartitions({ topicPartitions: short.map((m) => ({ topic: m.name, count: wanted.get(m.name)?.partitions ?? 0 })) });
      result.grown.push(...short.map((m) => m.name));
      await admin.alterConfigs({
        validateOnly: false,
        resources: existing.map(([name, t]) => ({
          type: ConfigResourceTypes.TOPIC,
          name,
          configEntries: [{ name: 'retention.ms', value: String(t.retentionMs) }],
        })),
      });
      result.existing.push(...existing.map(([name]) => name).filter((name) => !result.grown.includes(name)));
    }
    return result;
  } finally {
    await admin.disconnect();
  }
}

/**
 * Deletes every topic whose name starts with `namespace`, e.g. a test stack's as it closes: a broker
 * kept between runs would otherwise gather thousands of partitions and run out of memory. The empty
 * namespace (production's) is refused.
 */
export async function deleteNamespaceTopics(options: { brokers: readonly string[]; namespace: string }): Promise<string[]> {
  if (options.namespace === '') throw new Error('refusing to delete the topics of the empty namespace');
  const admin = new Kafka({ clientId: 'topics', brokers: [...options.brokers], logLevel: kafkaLogLevel.ERROR }).admin();
  await admin.connect();
  try {
    const doomed = (await admin.listTopics()).filter((name) => name.startsWith(options.namespace));
    if (doomed.length > 0) await admin.deleteTopics({ topics: doomed });
    return doomed;
  } finally {
    await admin.disconnect();
  }
}

/** `npm run kafka:topics`: KAFKA_BROKERS (required), KAFKA_NAMESPACE, KAFKA_REPLICATION_FACTOR (default 1). */
export async function runTopicsCommand(env: Record<string, string | undefined>, out: (line: string) => void): Promise<number> {
  const brokers =
    env.KAFKA_BROKERS?.split(',')
      .map((b) => b.trim())
      .filter(Boolean) ?? [];
  const replicationFactor = Number(env.KAFKA_REPLICATION_FACTOR ?? '1');
  if (brokers.length === 0 || !Number.isInteger(replicationFactor) || replicationFactor < 1) {
    out('usage: KAFKA_BROKERS=host:port [KAFKA_NAMESPACE=prefix] [KAFKA_REPLICATION_FACTOR=n] npm run kafka:topics');
    return 2;
  }
  const result = await ensureTopics({ brokers, namespace: env.KAFKA_NAMESPACE ?? '', replicationFactor });
  out(JSON.stringify(result));
  return 0;
}

if (import.meta.main) {
  process.exitCode = await runTopicsCommand(process.env, (line) => {
    console.log(line);
  });
}
