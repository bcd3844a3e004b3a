// Writes helm/betterplus/files/kafka-topics.yaml, the chart's copy of the topic catalogue for
// Strimzi KafkaTopics; `--check` only says whether the committed file is current (CI runs that).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { topicCatalogue } from '@betterplus/events';

const target = join(import.meta.dirname, '..', '..', 'helm', 'betterplus', 'files', 'kafka-topics.yaml');

const HEADER = `# GENERATED from proto/catalogue.ts by \`node deploy/chart/write-kafka-topics.ts\`. Never edit by hand.
# Topics the read models are rebuilt from keep every event (retention.ms -1) and are not compacted:
# a replay needs each event, not only the last one per key.
`;

export function renderKafkaTopics(): string {
  const topics = topicCatalogue.map((topic) => ({
    name: topic.name,
    partitions: topic.partitions,
    config: { 'retention.ms': String(topic.retentionMs), 'cleanup.policy': 'delete' },
  }));
  return HEADER + stringify({ topics });
}

if (import.meta.main) {
  const rendered = renderKafkaTopics();
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(target, 'utf8');
    } catch {
      // A missing file is stale too.
    }
    if (committed !== rendered) {
      console.error(`${target} is stale: run node deploy/chart/write-kafka-topics.ts`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(target, rendered);
    console.log(`wrote ${target}`);
  }
}
