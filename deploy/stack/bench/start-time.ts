// Prints how long the embedded stack takes to start (empty data folder, then the same folder
// again) and the process's memory once it serves requests. Run: node deploy/stack/bench/start-time.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedStack } from '../src/embedded-stack.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'betterplus-bench-'));
const options = { env: { LOG_LEVEL: 'silent' }, dataDir, webRoot: join(dataDir, 'web'), port: 0, fixedServicePorts: false };

const timed = async (label: string) => {
  const started = performance.now();
  const stack = await startEmbeddedStack(options);
  const ms = performance.now() - started;
  const health = await fetch(`${stack.url}/api/user`);
  const rssMiB = process.memoryUsage().rss / 2 ** 20;
  process.stdout.write(`${label}: ${(ms / 1000).toFixed(2)} s to serve (first answer ${String(health.status)}), RSS ${rssMiB.toFixed(0)} MiB\n`);
  await stack.stop();
};

try {
  await timed('start on an empty data folder');
  await timed('start on the same data folder');
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
