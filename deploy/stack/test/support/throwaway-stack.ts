import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedStack, type EmbeddedStack } from '../../src/embedded-stack.ts';

/**
 * The embedded stack on free ports with a data folder of its own, removed again by `stop`.
 * Without `webRoot` the gateway has no bundle to serve (API tests need none). Its databases live
 * in memory: nothing of it outlives the test.
 */
export async function startThrowawayStack(webRoot?: string, env: Record<string, string> = {}): Promise<EmbeddedStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'betterplus-stack-'));
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  try {
    const stack = await startEmbeddedStack({
      env: { LOG_LEVEL: 'silent', ...env },
      dataDir,
      webRoot: webRoot ?? join(dataDir, 'no-web'),
      port: 0,
      fixedServicePorts: false,
      databasesInMemory: true,
    });
    return {
      ...stack,
      async stop() {
        await stack.stop();
        await removeData();
      },
    };
  } catch (error) {
    await removeData();
    throw error;
  }
}
