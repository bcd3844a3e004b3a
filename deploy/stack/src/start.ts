import { fileURLToPath } from 'node:url';
import { startEmbeddedStack } from './embedded-stack.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const started = Date.now();
const stack = await startEmbeddedStack({
  env: process.env,
  dataDir: process.env.DATA_DIR ?? `${repoRoot}.data`,
  webRoot: `${repoRoot}web/dist`,
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? '127.0.0.1',
});
process.stdout.write(`\nBetter+ is running at ${stack.url} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)\n\n`);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  void stack.stop().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
