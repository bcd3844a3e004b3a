import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { CLUSTER_NAMES, renderEnvoyConfig, renderKubernetesEnvoyConfig } from '../src/envoy-config.ts';
import type { ClusterEndpoint, ClusterName } from '../src/envoy-config.ts';
import { ROUTES } from '../src/route-table.ts';
import { envoyBinary, requireEnvoy, startEnvoy } from '../src/testing/envoy-process.ts';

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

const LOCALHOST_CLUSTERS = Object.fromEntries(CLUSTER_NAMES.map((name, index) => [name, { host: '127.0.0.1', port: 3001 + index }])) as Record<
  ClusterName,
  ClusterEndpoint
>;

function localhostConfig(): string {
  return renderEnvoyConfig({ listenPort: 8080, adminPort: 9901, clusters: LOCALHOST_CLUSTERS });
}

interface Listener {
  name: string;
  address: { socket_address: { address: string; port_value: number } };
}

function bootstrapOf(yaml: string): { admin: Listener; static_resources: { listeners: Listener[]; clusters: { name: string }[] } } {
  return parse(yaml) as ReturnType<typeof bootstrapOf>;
}

/** A port nothing listens on now (the metrics listener and the admin cluster need real numbers). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
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
    assert.deepEqual(
      (other.route.retry_policy as { retry_on?: string } | undefined)?.retry_on,
      'connect-failure',
      `${prefix} other methods retry only what never connected`,
    );
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

test('in the cluster, Prometheus scrapes a listener of its own while the admin interface stays on loopback', () => {
  const bootstrap = bootstrapOf(renderKubernetesEnvoyConfig());
  assert.equal(bootstrap.admin.address.socket_address.address, '127.0.0.1');
  const metrics = bootstrap.static_resources.listeners.find((listener) => listener.name === 'metrics');
  assert.deepEqual(metrics?.address.socket_address, { address: '0.0.0.0', port_value: 9902 });
  assert.ok(bootstrap.static_resources.clusters.some((cluster) => cluster.name === 'envoy-admin'));
  const local = bootstrapOf(localhostConfig());
  assert.deepEqual(
    local.static_resources.listeners.map((listener) => listener.name),
    ['ingress'],
    'without metricsPort there is no metrics listener',
  );
});

test('the metrics listener answers GET /stats/prometheus and nothing else of the admin interface', async (t) => {
  if (!requireEnvoy(t)) return;
  const [adminPort, metricsPort] = [await freePort(), await freePort()];
  const envoy = await startEnvoy({ config: renderEnvoyConfig({ listenPort: 0, adminPort, metricsPort, clusters: LOCALHOST_CLUSTERS }) });
  try {
    const metricsUrl = `http://127.0.0.1:${metricsPort}`;
    const scrape = await fetch(`${metricsUrl}/stats/prometheus`);
    assert.equal(scrape.status, 200);
    assert.match(await scrape.text(), /^envoy_server_live\{?.*\}? 1$/m);
    assert.equal((await fetch(`${metricsUrl}/config_dump`)).status, 404);
    assert.equal((await fetch(`${metricsUrl}/stats/prometheus`, { method: 'POST' })).status, 404);
    assert.equal((await fetch(`${metricsUrl}/quitquitquit`, { method: 'POST' })).status, 404);
    assert.equal((await fetch(`${envoy.adminUrl}/ready`)).status, 200, 'envoy still runs');
  } finally {
    await envoy.stop();
  }
});
