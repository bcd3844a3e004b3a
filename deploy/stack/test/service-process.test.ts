import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { SERVICE_NAMES } from '@betterplus/gateway';
import { createTestStack, type TestStack } from '@betterplus/kit/testing';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts `node services/<name>/src/server.ts` as the real stack does, and waits for its address. */
async function startProcess(name: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [`services/${name}/src/server.ts`], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: child.stdout });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === 'service listening' && entry.url) resolve(entry.url);
    });
    child.once('exit', (code) => {
      reject(new Error(`${name} exited with ${String(code)}: ${stderr}`));
    });
  });
  return { child, url };
}

describe('each service as its own process', () => {
  let stack: TestStack;

  before(async () => {
    stack = await createTestStack();
  });
  after(() => stack.close());

  for (const name of SERVICE_NAMES) {
    it(`${name} starts from the environment, reports healthy and ready, and stops cleanly on SIGTERM`, async () => {
      const databaseUrl = await stack.databaseUrl(name);
      const { child, url } = await startProcess(name, { ...stack.env, LOG_LEVEL: 'info', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
      try {
        assert.equal((await fetch(`${url}/healthz`)).status, 200);
        const ready = await fetch(`${url}/readyz`);
        assert.deepEqual(await ready.json(), { status: 'ready', checks: { database: 'ok' } });
        const metrics = await (await fetch(`${url}/metrics`)).text();
        assert.match(metrics, new RegExp(`http_request_duration_seconds_count\\{.*service="${name}"`));
        assert.match(metrics, /outbox_lag_seconds/);
      } finally {
        child.kill('SIGTERM');
      }
      const [code] = (await once(child, 'exit')) as [number | null];
      assert.equal(code, 0);
    });
  }

  it('refuses to start in production on embedded adapters, naming every missing setting', async () => {
    const child = spawn(process.execPath, ['services/notifications/src/server.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        APP_ENV: 'production',
        JWT_PUBLIC_KEY: stack.keys.publicKeyPem,
        NOTIFICATIONS_PRIVATE_KEY: stack.env.NOTIFICATIONS_PRIVATE_KEY ?? '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 78);
    for (const setting of ['DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'SMTP_URL']) assert.match(stderr, new RegExp(`${setting}: required in production`));
  });

  it('refuses to start without its required settings, naming them', async () => {
    const child = spawn(process.execPath, ['services/identity/src/server.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 78);
    assert.match(stderr, /JWT_PUBLIC_KEY/);
    assert.match(stderr, /JWT_PRIVATE_KEY/);
    assert.match(stderr, /PORT/);
  });
});
