import { startEmbeddedStack } from '../../src/embedded-stack.ts';

/**
 * The embedded stack as its own process on free ports, over the data folder DATA_DIR: what
 * `npm start` runs, for tests that kill it. Prints `ready <url>` once it serves; SIGTERM stops it.
 */
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const stack = await startEmbeddedStack({
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  dataDir,
  webRoot: `${dataDir}/no-web`,
  port: 0,
  fixedServicePorts: false,
});
process.stdout.write(`ready ${stack.url}\n`);
process.once('SIGTERM', () => {
  void stack.stop().then(() => process.exit(0));
});
