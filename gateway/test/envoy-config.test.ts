import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { CLUSTER_NAMES, renderEnvoyConfig, renderKubernetesEnvoyConfig } from '../src/envoy-config.ts';
import type { ClusterEndpoint, ClusterName } from '../src/envoy-config.ts';
import { ROUTES } from '../src/route-table.ts';
import { envoyBinary, requireEnvoy } from '../src/testing/envoy-process.ts';

const COMMITTED = join(import.meta.dirname, '..', 'envoy.yaml');

interface RouteEntry {
  name: string;
  match: { prefix?: string; path_separated_prefix?: string; headers?: unknown[] };
  route?: { cluster: string; retry_policy?: unknown };
}

function routesOf(yaml: string): RouteEntry[] {
  const config = parse(yaml) as {
    static_resources: { listeners: { filter_chains: { filters: { typed_config: { route_config: { virtual_hosts: { routes: RouteEntry[] }[] } } }[] }[] }[] };
  };
  return config.static_resources.listeners[0]?.filter_chains[0]?.filters[0]?.typed_config.route_config.virtual_hosts[0]?.routes ?? [];
}

function localhostConfig(): string {
  const clusters = Object.fromEntries(CLUSTER_NAMES.map((name, index) => [name, { host: '127.0.0.1', port: 3001 + index }])) as Record<ClusterName, ClusterEndpoint>;
  return renderEnvoyConfig({ listenPort: 8080, adminPort: 9901, clusters });
}

function validate(yaml: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'betterplus-envoy-validate-'));
  try {
    const file = join(dir, 'envoy.yaml');
    writeFileSync(file, yaml);
    const result = spawnSync(envoyBinary() ?? 'envoy', ['--mode', 'validate', '-c', file, '--log-level', 'error'], { encoding: 'utf8' });
    assert.equal(result.status, 0, `envoy rejected the config:\n${result.stdout}${result.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the committed gateway/envoy.yaml is the current render of the route table', () => {
  // assert.ok, not assert.equal: the message says what to do, a diff of two large YAML files would not.
  assert.ok(readFileSync(COMMITTED, 'utf8') === renderKubernetesEnvoyConfig(), 'gateway/envoy.yaml is stale: run `npm run envoy:generate -w gateway`');
});

test('every prefix routes to its service; GETs retry, other methods only when they could not connect', () => {
  const routes = routesOf(renderKubernetesEnvoyConfig());
  for (const { prefix, service } of ROUTES) {
    const forPrefix = routes.filter((route) => (route.match.prefix ?? route.match.path_separated_prefix) === prefix);
    assert.equal(forPrefix.length, 2, prefix);
    const [get, other] = forPrefix;
    assert.ok(get !== undefined && other !== undefined, prefix);
    assert.equal(get.route?.cluster, service);
    assert.equal(other.route?.cluster, service);
    assert.deepEqual(get.match.headers, [{ name: ':method', string_match: { exact: 'GET' } }]);
    assert.ok(get.route.retry_policy, `${prefix} GET retries`);
    assert.deepEqual((other.route.retry_policy as { retry_on?: string } | undefined)?.retry_on, 'connect-failure', `${prefix} other methods retry only what never connected`);
  }
  const catchAll = routes.at(-1);
  assert.deepEqual([catchAll?.match.prefix, catchAll?.route?.cluster], ['/', 'web']);
});

test('envoy accepts the committed config', (t) => {
  if (!requireEnvoy(t)) return;
  validate(readFileSync(COMMITTED, 'utf8'));
});

test('envoy accepts a config rendered for localhost upstreams', (t) => {
  if (!requireEnvoy(t)) return;
  validate(localhostConfig());
});
