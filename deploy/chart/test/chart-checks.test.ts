// The chart checks' own helpers fail when they should (check.sh shows only that they pass).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { topicCatalogue } from '@betterplus/events';
import { checkSkaffold, fillTemplate } from '../check-skaffold.ts';
import { validateCustomResources } from '../validate-custom-resources.ts';
import { renderKafkaTopics } from '../write-kafka-topics.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** HELM_BIN and CHART_NODE_MODULES from the environment, else from the install script (idempotent, quick once cached). */
function chartTools(): { helm: string; nodeModules: string } {
  let { HELM_BIN: helm, CHART_NODE_MODULES: nodeModules } = process.env;
  if (helm === undefined || nodeModules === undefined) {
    const printed = execFileSync('bash', [join(ROOT, 'deploy', 'local-infra', 'chart-tools.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const values = new Map(printed.split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    helm ??= values.get('HELM_BIN');
    nodeModules ??= values.get('CHART_NODE_MODULES');
  }
  assert.ok(helm !== undefined && nodeModules !== undefined, 'deploy/local-infra/chart-tools.sh printed no HELM_BIN or CHART_NODE_MODULES');
  return { helm, nodeModules };
}

const { helm: HELM, nodeModules: NODE_MODULES } = chartTools();

function withSkaffold(
  mutate: (config: { build: { artifacts: { image: string; docker: { dockerfile: string; buildArgs?: Record<string, string> } }[] } }) => void,
): string[] {
  const config = parse(readFileSync(join(ROOT, 'skaffold.yaml'), 'utf8')) as Parameters<typeof mutate>[0];
  mutate(config);
  const dir = mkdtempSync(join(tmpdir(), 'betterplus-skaffold-'));
  try {
    const file = join(dir, 'skaffold.yaml');
    writeFileSync(file, JSON.stringify(config));
    return checkSkaffold(HELM, file, () => undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('skaffold templates are filled as skaffold fills them, and one naming no artifact is refused', () => {
  assert.equal(
    fillTemplate('{{.IMAGE_REPO_admin_reporting}}:{{.IMAGE_TAG_web}}', ['admin-reporting', 'web']),
    'registry.example.com/skaffold/admin-reporting:web-sample-tag',
  );
  assert.throws(() => fillTemplate('{{.IMAGE_TAG_search}}', ['web']), /names no artifact/);
});

test('the skaffold check names a missing Dockerfile, a SERVICE that is no service and a component without an image', () => {
  const problems = withSkaffold((config) => {
    const [first, second] = config.build.artifacts;
    if (first === undefined || second === undefined) throw new Error('skaffold.yaml has fewer than two artifacts');
    first.docker.dockerfile = 'deploy/docker/missing.Dockerfile';
    second.docker.buildArgs = { SERVICE: 'search' };
    config.build.artifacts = config.build.artifacts.filter((artifact) => artifact.image !== 'web');
  });
  assert.ok(
    problems.some((problem) => problem.includes('missing.Dockerfile does not exist')),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((problem) => problem.includes('SERVICE=search is not a service')),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((problem) => problem.includes('no artifact builds the web image')),
    problems.join('\n'),
  );
});

test('the committed skaffold.yaml passes the check', () => {
  assert.deepEqual(
    withSkaffold(() => undefined),
    [],
  );
});

test('custom resources: an invalid ServiceMonitor fails, an unknown kind fails, a KafkaTopic is skipped by name', async () => {
  const lines: string[] = [];
  const failures = await validateCustomResources(
    NODE_MODULES,
    [
      { apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor', metadata: { name: 'bad' }, spec: { endpoints: [{ port: 8080 }] } } as object,
      {
        apiVersion: 'monitoring.coreos.com/v1',
        kind: 'PodMonitor',
        metadata: { name: 'good' },
        spec: { selector: {}, podMetricsEndpoints: [{ port: 'metrics' }] },
      } as object,
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } },
      { apiVersion: 'kafka.strimzi.io/v1beta2', kind: 'KafkaTopic', metadata: { name: 't' } },
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' } },
    ],
    (line) => lines.push(line),
  );
  assert.equal(failures, 2, lines.join('\n'));
  assert.ok(
    lines.some((line) => line.startsWith('INVALID ServiceMonitor/bad')),
    lines.join('\n'),
  );
  assert.ok(lines.includes('valid PodMonitor/good (monitoring.coreos.com/v1)'), lines.join('\n'));
  assert.ok(
    lines.some((line) => line.startsWith('UNKNOWN Widget/w')),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((line) => line.startsWith('skipped KafkaTopic/t')),
    lines.join('\n'),
  );
});

test('the chart copy of the catalogue holds every topic with its partitions and retention, never compacted', () => {
  const { topics } = parse(renderKafkaTopics()) as { topics: { name: string; partitions: number; config: Record<string, string> }[] };
  assert.deepEqual(
    topics.map((topic) => [topic.name, topic.partitions, topic.config['retention.ms'], topic.config['cleanup.policy']]),
    topicCatalogue.map((topic) => [topic.name, topic.partitions, String(topic.retentionMs), 'delete']),
  );
});
