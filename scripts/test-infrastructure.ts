// node --test's global setup (scripts/test.sh passes it as --test-global-setup). When the
// environment names no infrastructure (DATABASE_URL, REDIS_URL, KAFKA_BROKERS) and a container
// engine answers, it starts PostgreSQL, Redis and Kafka in containers once for the whole run and
// hands their URLs to every test file through the environment, which the runner passes on.
// Otherwise the run is as before: the URLs given, or the embedded stand-ins.
// Env: BETTERPLUS_TESTCONTAINERS=0 keeps the containers out; the images: see test-containers.ts.
import type { TestInfrastructure } from './test-containers.ts';

const infrastructureVariables = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'] as const;

let running: TestInfrastructure | undefined;

function say(line: string): void {
  console.log(`test-infrastructure: ${line}`);
}

export async function globalSetup(): Promise<void> {
  if (infrastructureVariables.some((name) => process.env[name])) return;
  if (process.env.BETTERPLUS_TESTCONTAINERS === '0') {
    say('BETTERPLUS_TESTCONTAINERS=0: no containers; the tests use the embedded stand-ins (PGlite, the in-process bus, memory for Redis)');
    return;
  }
  // Loaded only here: testcontainers and the kit take a moment to import.
  const { connectContainerEngine, startTestInfrastructure } = await import('./test-containers.ts');
  const engine = await connectContainerEngine();
  if (!engine) {
    say(
      'no infrastructure URLs and no container engine answers (DOCKER_HOST, the default Docker socket): the tests use the embedded stand-ins (PGlite, the in-process bus, memory for Redis)',
    );
    return;
  }
  const started = Date.now();
  running = await startTestInfrastructure(engine);
  Object.assign(process.env, running.env, { BETTERPLUS_TEST_INFRASTRUCTURE: 'containers', BETTERPLUS_TEST_CONTAINERS: running.containerIds.join(',') });
  const urls = Object.entries(running.env).map(([name, value]) => `${name}=${value}`);
  say(
    `started PostgreSQL, Redis and Kafka in containers on ${engine.info.containerRuntime.host} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${urls.join(' ')}`,
  );
}

export async function globalTeardown(): Promise<void> {
  await running?.stop();
}
