// A rolling restart under load loses no request: two replicas of billing as their own processes
// behind Envoy (health-checking /readyz, as Kubernetes' readiness does), a steady stream of
// authenticated reads, and each replica in turn stopped with SIGTERM and replaced.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLUSTER_NAMES } from '@betterplus/gateway';
import { closedPortUrl, envoyMissing, renderEnvoyConfigForUrls, startEnvoy, type EnvoyProcess } from '@betterplus/gateway/testing';
import { createTokenSigner } from '@betterplus/kit';
import { createTestStack, eventually, freePort, realInfrastructure, type TestStack } from '@betterplus/kit/testing';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** How long a stopping replica still serves after /readyz turns 503 (Envoy checks every 200 ms). */
const DRAIN_MS = 3000;
const LOAD_CONCURRENCY = 8;
// Two replicas share one database, so this needs PostgreSQL (PGlite is one process's).
const missingPostgres = realInfrastructure.postgres ? undefined : 'needs PostgreSQL (DATABASE_URL) for two replicas of one service';

interface Replica {
  child: ChildProcess;
  exited: Promise<unknown>;
}

async function startReplica(env: Record<string, string>, port: number): Promise<Replica> {
  const child = spawn(process.execPath, ['services/billing/src/server.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env, LOG_LEVEL: 'info', PORT: String(port), SHUTDOWN_DRAIN_MS: String(DRAIN_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('"service listening"')) resolve();
    });
    void exited.then(() => {
      reject(new Error(`billing exited before listening: ${stderr}`));
    });
  });
  return { child, exited };
}

/** True when Envoy's admin interface shows every billing replica healthy. */
async function billingHostsHealthy(adminUrl: string): Promise<boolean> {
  const flags = (await (await fetch(`${adminUrl}/clusters`)).text())
    .split('\n')
    .filter((line) => line.startsWith('billing::') && line.includes('::health_flags::'));
  return flags.length === 2 && flags.every((line) => line.endsWith('::healthy'));
}

async function stopReplica(replica: Replica): Promise<number | null> {
  replica.child.kill('SIGTERM');
  const [code] = (await replica.exited) as [number | null];
  return code;
}

const missing = envoyMissing() ?? missingPostgres;

// Fails under CI without them (a rolling restart CI never tried is worse than a red run), skips elsewhere.
it('Envoy and PostgreSQL are available for the rolling restart', (t) => {
  if (missing === undefined) return;
  if (process.env.CI) throw new Error(`CI must run the rolling restart: ${missing}`);
  t.skip(missing);
});

describe('a rolling restart of billing behind Envoy', { skip: missing ?? false }, () => {
  let stack: TestStack;
  let envoy: EnvoyProcess | undefined;
  const replicas: Replica[] = [];
  let env: Record<string, string> = {};
  let ports: number[] = [];

  before(async () => {
    stack = await createTestStack();
    env = { ...stack.env, DATABASE_URL: (await stack.databaseUrl('billing')) ?? '' };
    ports = [await freePort(), await freePort()];
    for (const port of ports) replicas.push(await startReplica(env, port));
    const down = await closedPortUrl();
    const urls = Object.fromEntries(CLUSTER_NAMES.map((name) => [name, down])) as Record<(typeof CLUSTER_NAMES)[number], string | string[]>;
    urls.billing = ports.map((port) => `http://127.0.0.1:${port}`);
    envoy = await startEnvoy({ config: renderEnvoyConfigForUrls(urls, { healthCheck: { path: '/readyz', intervalMs: 200 } }) });
  });

  after(async () => {
    await envoy?.stop();
    for (const replica of replicas) if (replica.child.exitCode === null) replica.child.kill('SIGKILL');
    await stack.close();
  });

  it('loses no request while each replica is stopped and replaced in turn', { timeout: 120_000 }, async () => {
    const signer = await createTokenSigner(stack.keys.privateKeyPem, env.JWT_ISSUER ?? 'betterplus-identity', 3600);
    const authorization = `Bearer ${await signer.sign('00000000-0000-4000-8000-000000000001')}`;
    const url = `${envoy?.url ?? ''}/api/subscription`;
    let running = true;
    let answered = 0;
    const failures: string[] = [];
    // GETs, which Envoy may retry on another replica, and POSTs, which it never retries: those
    // show that a stopping replica finishes what it accepted and accepts nothing it cannot finish.
    const worker = async (index: number) => {
      const method = index % 2 === 0 ? 'GET' : 'POST';
      while (running) {
        try {
          const response = await fetch(url, { method, headers: { authorization } });
          const body = (await response.json()) as { code?: string };
          // No subscription (GET) or no such route (POST) are billing's normal answers; anything else is a loss.
          if (response.status === 200 || (response.status === 404 && response.headers.get('x-served-by') === 'billing')) answered++;
          else failures.push(`${method} ${String(response.status)} ${JSON.stringify(body)}`);
        } catch (error) {
          failures.push(`${method} ${String(error)}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: LOAD_CONCURRENCY }, (_, index) => worker(index)));
    await sleep(1000);
    for (const index of [0, 1]) {
      const answeredBefore = answered;
      const old = replicas[index];
      assert.ok(old);
      assert.equal(await stopReplica(old), 0, `replica ${String(index)} stopped cleanly`);
      replicas[index] = await startReplica(env, ports[index] ?? 0);
      // The replacement is healthy in Envoy and takes traffic before the next one goes.
      await eventually(async () => ((await billingHostsHealthy(envoy?.adminUrl ?? '')) ? true : undefined), 30_000, 100);
      await sleep(500);
      assert.ok(answered > answeredBefore, 'requests kept being answered');
    }
    running = false;
    await load;
    process.stdout.write(`rolling restart: ${String(answered)} requests answered, ${String(failures.length)} failed\n`);
    const envoyErrors = (envoy?.accessLog() ?? '').split('\n').filter((line) => /"status":5\d\d/.test(line));
    assert.deepEqual(failures.slice(0, 10), [], `Envoy's 5xx log lines:\n${envoyErrors.slice(0, 5).join('\n')}`);
    assert.ok(answered > 100, `load ran (${String(answered)} requests)`);
  });
});
