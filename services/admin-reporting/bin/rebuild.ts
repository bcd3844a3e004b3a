// `npm run admin:rebuild` (bin/admin-rebuild.ts): rebuilds admin-reporting's read models by replaying its topics from
// the start (the catalogue keeps them for ever). Run it with the service stopped (scaled to 0)
// and its usual settings (DATABASE_URL, KAFKA_BROKERS, KAFKA_NAMESPACE...): it empties the read
// models, sets the service's consumer group back to each topic's start, consumes up to the end
// offsets seen at the start, and leaves the group there, so the service carries on from it.
import { setTimeout as sleep } from 'node:timers/promises';
import { createPostgresDatabase, loadConfig, startService } from '@betterplus/kit';
import kafkajs from 'kafkajs';
import { adminReportingService } from '../src/app.ts';
import { adminReportingSettings } from '../src/config.ts';
import { handlers } from '../src/events/handlers/index.ts';

/** Tables made from events alone; the analytics tables (first-party hits) are not events and stay. */
const READ_MODELS = [
  'users',
  'subscriptions',
  'provider_subscriptions',
  'queries',
  'payments',
  'daily_totals',
  'paying_months',
  'plan_counts',
  'monthly_subscribers',
  'answers_given',
  'answer_ratings',
  'histories_cleared',
  'knowledge_archive',
  'knowledge_review_dates',
];

export async function runRebuildCommand(env: Record<string, string | undefined>, out: (line: string) => void): Promise<number> {
  const config = loadConfig(adminReportingSettings, env);
  if (!config.KAFKA_BROKERS || !config.DATABASE_URL) {
    out('admin:rebuild replays Kafka topics into PostgreSQL: set KAFKA_BROKERS and DATABASE_URL (the embedded stack keeps no event log to replay).');
    return 2;
  }
  const group = config.KAFKA_NAMESPACE + adminReportingService.name;
  const topics = [...new Set(handlers.map((handler) => config.KAFKA_NAMESPACE + handler.event.topic))];
  const kafka = new kafkajs.Kafka({ clientId: 'admin-rebuild', brokers: config.KAFKA_BROKERS.split(','), logLevel: kafkajs.logLevel.ERROR });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [described] = (await admin.describeGroups([group])).groups;
    if (described && described.members.length > 0) {
      out(`the consumer group ${group} has ${String(described.members.length)} running member(s): stop admin-reporting (scale it to 0) first`);
      return 1;
    }
    const db = createPostgresDatabase(config.DATABASE_URL, 1);
    try {
      await db.transaction(async (tx) => {
        await tx.query(`TRUNCATE ${READ_MODELS.join(', ')}`);
        await tx.query('DELETE FROM processed_events');
      });
    } finally {
      await db.close();
    }
    // Where each partition ends now: the replay is done once the group has committed that far.
    const ends = new Map<string, bigint>();
    for (const topic of topics) {
      await admin.resetOffsets({ groupId: group, topic, earliest: true });
      for (const { partition, low, high } of await admin.fetchTopicOffsets(topic))
        if (BigInt(high) > BigInt(low)) ends.set(`${topic}/${String(partition)}`, BigInt(high));
    }
    out(`read models emptied; replaying ${topics.join(', ')}`);
    const service = await startService(adminReportingService, { env: { ...env, PORT: '0' } });
    try {
      for (;;) {
        const committed = await admin.fetchOffsets({ groupId: group, topics });
        // A negative offset is a marker (-2, the start), not a position: nothing committed yet.
        const behind = committed.flatMap(({ topic, partitions }) =>
          partitions.filter(({ partition, offset }) => {
            const end = ends.get(`${topic}/${String(partition)}`);
            return end !== undefined && (BigInt(offset) < 0n || BigInt(offset) < end);
          }),
        );
        if (behind.length === 0) break;
        await sleep(500);
      }
    } finally {
      await service.stop();
    }
    out('read models rebuilt from the start of every topic');
    return 0;
  } finally {
    await admin.disconnect();
  }
}
