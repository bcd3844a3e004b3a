// `npm run bench:api`: the cost of the common authenticated read, GET /api/subscription with a
// bearer token, against a bare Fastify route answering the same JSON, with the same load
// generator in the same run:
//   - the embedded stack (`npm start`): through the local gateway, and straight to billing;
//   - the real stack, when DATABASE_URL, REDIS_URL and KAFKA_BROKERS are set: billing as its own
//     process on PostgreSQL, Redis and Kafka, through Envoy (ENVOY_BIN) and straight; and the bare
//     route through Envoy, the most any route can reach through it on this machine.
// Each server runs in a process of its own (the bare route too); the load comes from this one.
// Prints requests per second, p99 latency and each figure as a percentage of bare. The bare route
// is measured again in every round, just before the targets, and each share is taken against the
// bare figure of its own round: on a shared machine bare alone varies by a third from run to run.
// The medians of the rounds are printed.
// Env: BENCH_SECONDS (default 5 per target and round), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS
// (default 10), BENCH_PROFILE (a folder: CPU profiles of the embedded process and of billing are
// written there).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { timestampNow } from '@bufbuild/protobuf/wkt';
import { UserRegisteredEvent } from '@betterplus/events';
import { createTokenSigner } from '@betterplus/kit';
import { createTestStack, freePort, realInfrastructure } from '@betterplus/kit/testing';
import { closedPortUrl, envoyBinary, renderEnvoyConfigForUrls, startEnvoy } from '@betterplus/gateway/testing';
import { startEmbeddedStack } from '../src/embedded-stack.ts';
import { embeddedSigningKeys } from '../src/signing-keys.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface Figure {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** Of the bare route's requests per second in the same round. */
  share: number;
}

interface Target {
  label: string;
  url: string;
  token?: string;
}

async function measure({ label, url, token }: Target): Promise<{ requestsPerSecond: number; p99Ms: number }> {
  const result = await autocannon({ url, connections, duration: seconds, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${label}: ${String(failed)} of ${String(result.requests.total)} requests failed`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Rounds of the bare route then every target; each figure the median over the rounds. */
async function measureRounds(bare: Target, targets: readonly Target[]): Promise<Figure[]> {
  const runs = new Map<string, { requestsPerSecond: number; p99Ms: number; share: number }[]>();
  for (let round = 0; round < rounds; round += 1) {
    const baseline = await measure(bare);
    runs.set(bare.label, [...(runs.get(bare.label) ?? []), { ...baseline, share: 1 }]);
    for (const target of targets) {
      const figure = await measure(target);
      runs.set(target.label, [...(runs.get(target.label) ?? []), { ...figure, share: figure.requestsPerSecond / baseline.requestsPerSecond }]);
    }
  }
  return [bare, ...targets].map(({ label }) => {
    const of = runs.get(label) ?? [];
    return {
      label,
      requestsPerSecond: median(of.map((f) => f.requestsPerSecond)),
      p99Ms: median(of.map((f) => f.p99Ms)),
      share: median(of.map((f) => f.share)),
    };
  });
}

function report(title: string, figures: Figure[]): void {
  process.stdout.write(`\n${title} (${String(connections)} connections, ${String(rounds)} rounds of ${String(seconds)} s, medians)\n`);
  for (const { label, requestsPerSecond, p99Ms, share } of figures) {
    process.stdout.write(
      `  ${label.padEnd(34)} ${requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(p99Ms).padStart(4)} ms   ${(100 * share).toFixed(1).padStart(5)}% of bare\n`,
    );
  }
}

/** The same JSON as billing's answer, from a Fastify route that does nothing else. */
async function startBare(body: unknown): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  app.get('/api/subscription', async () => body);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${url}/api/subscription`, close: () => app.close() };
}

async function untilOk(url: string, token: string, timeoutMs = 30_000): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    if (response?.ok) return response.json();
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${String(timeoutMs)} ms`);
    await sleep(100);
  }
}

interface EmbeddedTargets {
  gatewayUrl: string;
  billingUrl: string;
  token: string;
  body: unknown;
}

/**
 * The embedded stack, as `npm start` runs it, in a child process of its own (its console output,
 * the stack's logs, discarded): it answers the targets once a user has a plan, and stops when told.
 */
async function serveEmbedded(): Promise<{ targets: EmbeddedTargets; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'betterplus-bench-api-'));
  const stack = await startEmbeddedStack({ env: { LOG_LEVEL: 'info' }, dataDir, webRoot: join(dataDir, 'web'), port: 0, fixedServicePorts: false });
  const userId = randomUUID();
  await stack.services.identity.deps.uow.run(async (tx) => {
    await tx.publish(UserRegisteredEvent, userId, { userId, name: 'Bench', email: `bench-${userId}@example.in`, registeredAt: timestampNow() });
  });
  const keys = await embeddedSigningKeys(dataDir);
  const token = await (await createTokenSigner(keys.privateKeyPem, 'betterplus-identity', 3600)).sign(userId);
  const gatewayUrl = `${stack.url}/api/subscription`;
  const body = await untilOk(gatewayUrl, token);
  return {
    targets: { gatewayUrl, billingUrl: `${stack.services.billing.url ?? ''}/api/subscription`, token, body },
    async stop() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `node api.ts <role> [arg]` as a server process; resolves with what it reports once serving. */
async function serveInChild(role: 'embedded' | 'bare', arg = ''): Promise<{ reply: unknown; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...profile(role), fileURLToPath(import.meta.url), role, arg], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [reply] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => Promise.reject(new Error(`${role} exited before serving`))),
  ])) as [unknown];
  return {
    reply,
    async stop() {
      const exited = once(child, 'exit');
      child.send('stop');
      await exited;
    },
  };
}

async function embeddedFigures(): Promise<Figure[]> {
  const embedded = await serveInChild('embedded');
  try {
    const { gatewayUrl, billingUrl, token, body } = embedded.reply as EmbeddedTargets;
    const bare = await serveInChild('bare', JSON.stringify(body));
    try {
      return await measureRounds({ label: 'bare Fastify route', url: bare.reply as string }, [
        { label: 'GET /api/subscription via gateway', url: gatewayUrl, token },
        { label: 'GET /api/subscription to billing', url: billingUrl, token },
      ]);
    } finally {
      await bare.stop();
    }
  } finally {
    await embedded.stop();
  }
}

/** BENCH_PROFILE=dir: the measured processes write CPU profiles there. */
const profile = (name: string): string[] =>
  process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, `--cpu-prof-name=${name}.cpuprofile`] : [];

/** What billing refuses to start in production without; the measured read calls no provider, so placeholders do. */
const billingProductionSettings = {
  RAZORPAY_KEY_ID: 'rzp_test_bench',
  RAZORPAY_KEY_SECRET: 'bench-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
  RAZORPAY_PLAN_ID: 'plan_bench',
  SUPPLIER_ADDRESS: '1 MG Road, Bengaluru, Karnataka 560001',
  SUPPLIER_GSTIN: '29AAACR5055K1Z5',
};

/** Billing as its own process on the test stack's PostgreSQL database, Redis and Kafka namespace (topics made). */
async function realStack(): Promise<Figure[]> {
  const stack = await createTestStack();
  const port = await freePort();
  let billing: ChildProcess | undefined;
  const envoys: Awaited<ReturnType<typeof startEnvoy>>[] = [];
  try {
    const databaseUrl = (await stack.databaseUrl('billing')) ?? '';
    billing = spawn(process.execPath, [...profile('billing'), 'services/billing/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...stack.env,
        ...billingProductionSettings,
        PATH: process.env.PATH ?? '',
        APP_ENV: 'production',
        PUBLIC_URL: 'https://bench.example',
        LOG_LEVEL: 'info',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
      },
      // Log lines are written as in a pod, to a stream nobody reads here.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const billingUrl = `http://127.0.0.1:${String(port)}`;
    const deadline = Date.now() + 60_000;
    while ((await fetch(`${billingUrl}/readyz`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > deadline || billing.exitCode !== null) throw new Error('billing did not become ready');
      await sleep(200);
    }
    const userId = randomUUID();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      `INSERT INTO subscriptions (user_id, plan, status, queries_used, queries_limit, start_date, end_date)
       VALUES ($1, 'basic', 'active', 0, 1, now(), now() + interval '1 month')`,
      [userId],
    );
    await client.end();
    const token = await (await createTokenSigner(stack.keys.privateKeyPem, 'betterplus-identity', 3600)).sign(userId);
    const direct = `${billingUrl}/api/subscription`;
    const bare = await serveInChild('bare', JSON.stringify(await untilOk(direct, token)));
    try {
      const targets: Target[] = [];
      if (envoyBinary()) {
        const closed = await closedPortUrl();
        // Envoy in front of billing, and in front of the bare route: what Envoy itself costs here.
        const envoyTo = async (upstream: string) => {
          const envoy = await startEnvoy({
            config: renderEnvoyConfigForUrls({
              identity: closed,
              billing: upstream,
              chat: closed,
              notifications: closed,
              'admin-reporting': closed,
              web: closed,
            }),
            // Written as in a pod, to a stream nobody reads here.
            discardAccessLog: true,
          });
          envoys.push(envoy);
          return `${envoy.url}/api/subscription`;
        };
        targets.push({ label: 'GET /api/subscription via Envoy', url: await envoyTo(billingUrl), token });
        targets.push({ label: 'bare Fastify route via Envoy', url: await envoyTo(new URL(bare.reply as string).origin), token });
      } else {
        process.stdout.write('(no Envoy: set ENVOY_BIN to measure through it)\n');
      }
      targets.push({ label: 'GET /api/subscription to billing', url: direct, token });
      return await measureRounds({ label: 'bare Fastify route', url: bare.reply as string }, targets);
    } finally {
      await bare.stop();
    }
  } finally {
    await Promise.all(envoys.map((envoy) => envoy.stop()));
    if (billing && billing.exitCode === null) {
      billing.kill('SIGTERM');
      await once(billing, 'exit');
    }
    await stack.close();
  }
}

const role = process.argv[2];
if (role === 'embedded' || role === 'bare') {
  const served = role === 'embedded' ? await serveEmbedded() : await startBare(JSON.parse(process.argv[3] ?? 'null'));
  process.send?.(role === 'embedded' ? (served as Awaited<ReturnType<typeof serveEmbedded>>).targets : (served as Awaited<ReturnType<typeof startBare>>).url);
  // The parent's 'stop' (any message) ends the child.
  await new Promise((resolve) => process.once('message', resolve));
  await ('stop' in served ? served.stop() : served.close());
  process.exit(0);
}

report('Embedded stack (npm start: one process, PGlite, in-process bus, memory cache)', await embeddedFigures());
if (realInfrastructure.postgres && realInfrastructure.redis && realInfrastructure.kafka)
  report('Real stack (billing as its own process: PostgreSQL, Redis, Kafka)', await realStack());
else process.stdout.write('\n(real stack not measured: set DATABASE_URL, REDIS_URL and KAFKA_BROKERS, e.g. from ~/.cache/betterplus/infra.env)\n');
