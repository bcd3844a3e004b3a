import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import kafkajs from 'kafkajs';
import { KEPT_FOR_EVER, topicCatalogue, topics } from '@betterplus/events';
import { createKafkaBus, createLogger } from '../../src/index.ts';
import { deleteNamespaceTopics, ensureTopics, runTopicsCommand } from '../../src/events/topics.ts';
import { realInfrastructure } from '../support.ts';

const brokers = realInfrastructure.kafka?.split(',').map((b) => b.trim());

describe('the topic catalogue', () => {
  it('names every topic once, with partitions and a retention, dead-letter topics included', () => {
    const names = topicCatalogue.map((t) => t.name);
    assert.equal(new Set(names).size, names.length);
    for (const name of [...Object.values(topics), 'notifications.deadletter.v1', 'identity.deadletter.v1']) assert.ok(names.includes(name), name);
    for (const t of topicCatalogue) assert.ok(t.partitions >= 1 && (t.retentionMs > 0 || t.retentionMs === KEPT_FOR_EVER), t.name);
    // admin-reporting rebuilds its read models by replaying these from the start.
    for (const name of [topics.identityUser, topics.billingSubscription, topics.billingPayment, topics.chatQuery, topics.chatHistory, topics.chatKnowledge]) {
      assert.equal(topicCatalogue.find((t) => t.name === name)?.retentionMs, KEPT_FOR_EVER, name);
    }
  });

  it('the command needs KAFKA_BROKERS and a whole replication factor', async () => {
    const lines: string[] = [];
    assert.equal(await runTopicsCommand({}, (l) => lines.push(l)), 2);
    assert.equal(await runTopicsCommand({ KAFKA_BROKERS: 'localhost:1', KAFKA_REPLICATION_FACTOR: '0' }, (l) => lines.push(l)), 2);
    assert.match(lines.join('\n'), /usage: KAFKA_BROKERS=/);
  });
});

if (brokers) {
  describe('ensureTopics on Kafka', () => {
    it('creates the catalogue under a namespace with its partitions and retention, then changes nothing on a second run', async () => {
      const namespace = `topics-${randomUUID().slice(0, 8)}.`;
      const first = await ensureTopics({ brokers, namespace });
      assert.deepEqual(first.created.sort(), topicCatalogue.map((t) => namespace + t.name).sort());
      const second = await ensureTopics({ brokers, namespace });
      assert.deepEqual(second.created, []);
      assert.deepEqual(second.grown, []);
      assert.equal(second.existing.length, topicCatalogue.length);

      const admin = new kafkajs.Kafka({ clientId: 'topics-test', brokers, logLevel: kafkajs.logLevel.NOTHING }).admin();
      await admin.connect();
      try {
        const names = topicCatalogue.map((t) => namespace + t.name);
        const { topics: metadata } = await admin.fetchTopicMetadata({ topics: names });
        for (const t of topicCatalogue) assert.equal(metadata.find((m) => m.name === namespace + t.name)?.partitions.length, t.partitions, t.name);
        const { resources } = await admin.describeConfigs({
          includeSynonyms: false,
          resources: [{ type: kafkajs.ConfigResourceTypes.TOPIC, name: namespace + topics.identitySignup, configNames: ['retention.ms'] }],
        });
        const retention = topicCatalogue.find((t) => t.name === topics.identitySignup)?.retentionMs;
        assert.equal(resources[0]?.configEntries[0]?.configValue, String(retention));
        await admin.deleteTopics({ topics: names });
      } finally {
        await admin.disconnect();
      }
    });

    it('runs at once for a new namespace all succeed, and leave every partition led, ready for a consumer', async () => {
      const namespace = `topics-${randomUUID().slice(0, 8)}.`;
      const runs = await Promise.all(Array.from({ length: 4 }, () => ensureTopics({ brokers, namespace })));
      const names = topicCatalogue.map((t) => namespace + t.name);
      for (const run of runs) assert.deepEqual([...run.created, ...run.existing].sort(), names.sort());
      const admin = new kafkajs.Kafka({ clientId: 'topics-test', brokers, logLevel: kafkajs.logLevel.NOTHING }).admin();
      await admin.connect();
      try {
        const { topics: metadata } = await admin.fetchTopicMetadata({ topics: names });
        for (const m of metadata) for (const p of m.partitions) assert.ok(p.leader >= 0, `${m.name}/${String(p.partitionId)} has no leader`);
        await admin.deleteTopics({ topics: names });
      } finally {
        await admin.disconnect();
      }
    });

    it('grows a topic that has fewer partitions than the catalogue says', async () => {
      const namespace = `topics-${randomUUID().slice(0, 8)}.`;
      const spec = { name: 'grow.v1', partitions: 1, retentionMs: 60_000 };
      await ensureTopics({ brokers, namespace, topics: [spec] });
      const grown = await ensureTopics({ brokers, namespace, topics: [{ ...spec, partitions: 4 }] });
      assert.deepEqual(grown.grown, [`${namespace}grow.v1`]);
      await deleteNamespaceTopics({ brokers, namespace });
    });

    it('deletes the topics of one namespace and no other, and refuses the empty namespace', async () => {
      const namespace = `topics-${randomUUID().slice(0, 8)}.`;
      const neighbour = `${namespace.slice(0, -1)}x.`;
      const spec = { name: 'gone.v1', partitions: 1, retentionMs: 60_000 };
      await ensureTopics({ brokers, namespace, topics: [spec, { ...spec, name: 'gone.v2' }] });
      await ensureTopics({ brokers, namespace: neighbour, topics: [spec] });
      assert.deepEqual((await deleteNamespaceTopics({ brokers, namespace })).sort(), [`${namespace}gone.v1`, `${namespace}gone.v2`]);
      const admin = new kafkajs.Kafka({ clientId: 'topics-test', brokers, logLevel: kafkajs.logLevel.NOTHING }).admin();
      await admin.connect();
      try {
        const left = await admin.listTopics();
        assert.ok(!left.some((name) => name.startsWith(namespace)), 'the namespace has no topic left');
        assert.ok(left.includes(`${neighbour}gone.v1`), 'a neighbouring namespace keeps its topic');
      } finally {
        await admin.disconnect();
      }
      await deleteNamespaceTopics({ brokers, namespace: neighbour });
      await assert.rejects(deleteNamespaceTopics({ brokers, namespace: '' }), /empty namespace/);
    });

    it("a service's bus never creates a topic: subscribing to one the catalogue did not make fails", async () => {
      const bus = createKafkaBus({
        brokers,
        clientId: 'topics-test',
        logger: createLogger('topics-test', 'silent'),
        namespace: `topics-${randomUUID().slice(0, 8)}.`,
      });
      try {
        await assert.rejects(
          bus.subscribe({ group: 'g', topics: ['not-in-catalogue.v1'], handle: async () => undefined }),
          /does not host this topic-partition/,
        );
      } finally {
        await bus.close();
      }
    });
  });
}
