import { fileURLToPath } from 'node:url';
import { startEmbeddedStack } from './embedded-stack.ts';

/**
 * This stack runs on embedded adapters only (PGlite, the in-process bus, the local mailbox it
 * serves at /dev/mailbox): never production, however it is started.
 */
const PRODUCTION_REFUSAL =
  'npm start runs the embedded stack (PGlite, an in-process bus, a local mailbox shown at /dev/mailbox) and refuses APP_ENV=production: deploy the services with their real PostgreSQL, Kafka, Redis and SMTP instead (helm/betterplus).';

if (process.env.APP_ENV === 'production') {
  process.stderr.write(`${PRODUCTION_REFUSAL}\n`);
  process.exit(1);
}

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
