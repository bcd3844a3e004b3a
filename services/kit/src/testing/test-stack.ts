import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTokenSigner, generateSigningKeys } from '../auth/tokens.ts';
import { generateSecretKeys } from '../crypto/sealed-secret.ts';
import type { BaseConfig } from '../config/load-config.ts';
import type { EventBus } from '../events/bus.ts';
import { createInProcessBus } from '../events/in-process-bus.ts';
import { deleteNamespaceTopics, ensureTopics } from '../events/topics.ts';
import type { ServiceDefinition } from '../service/service-definition.ts';
import { startService, type RunningService } from '../service/start-service.ts';

/**
 * Real infrastructure when the environment names it (CI: DATABASE_URL, KAFKA_BROKERS,
 * REDIS_URL), the embedded stand-ins otherwise. Each stack gets its own databases, its own
 * topic and group namespace and its own Redis key prefix, so test files run side by side.
 */
export const realInfrastructure = {
  postgres: process.env.DATABASE_URL,
  kafka: process.env.KAFKA_BROKERS,
  redis: process.env.REDIS_URL,
};

export interface TestStack {
  /** Settings every service of this stack shares (keys, namespace, infrastructure URLs). */
  env: Record<string, string>;
  /** Signing keys, for tests that mint tokens as identity would. */
  keys: { privateKeyPem: string; publicKeyPem: string };
  /** Starts a service on this stack; `listen` puts it on a free port (for tests through a gateway). */
  start<Config extends BaseConfig>(
    definition: ServiceDefinition<Config>,
    extraEnv?: Record<string, string>,
    options?: { listen?: boolean },
  ): Promise<RunningService<Config>>;
  /** A fresh database for one service, on the test PostgreSQL server or nowhere (PGlite in memory). */
  databaseUrl(service: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export async function createTestStack(): Promise<TestStack> {
  const id = randomBytes(4).toString('hex');
  const keys = await generateSigningKeys();
  const secretKeys = generateSecretKeys();
  const dataDir = await mkdtemp(join(tmpdir(), 'betterplus-test-'));
  const bus: EventBus | undefined = realInfrastructure.kafka ? undefined : createInProcessBus(50);
  const databases: string[] = [];
  const running: RunningService[] = [];
  const env: Record<string, string> = {
    APP_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    NOTIFICATIONS_PUBLIC_KEY: secretKeys.publicKeyPem,
    NOTIFICATIONS_PRIVATE_KEY: secretKeys.privateKeyPem,
    KAFKA_NAMESPACE: `t${id}.`,
    PORT: '0',
    HOST: '127.0.0.1',
    ...(realInfrastructure.kafka ? { KAFKA_BROKERS: realInfrastructure.kafka } : {}),
    ...(realInfrastructure.redis ? { REDIS_URL: realInfrastructure.redis } : {}),
  };

  // The catalogue's topics under this stack's namespace, made as the infrastructure makes them.
  const kafkaBrokers = realInfrastructure.kafka?.split(',').map((b) => b.trim());
  if (kafkaBrokers) await ensureTopics({ brokers: kafkaBrokers, namespace: env.KAFKA_NAMESPACE ?? '' });

  const withDatabase = async (admin: string, work: (client: pg.Client) => Promise<void>) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };

  const databaseUrl = async (service: string): Promise<string | undefined> => {
    const admin = realInfrastructure.postgres;
    if (!admin) return undefined;
    const name = `t_${id}_${service.replace(/-/g, '_')}_${databases.length}`;
    await withDatabase(admin, (c) => c.query(`CREATE DATABASE ${name}`).then(() => undefined));
    databases.push(name);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return url.toString();
  };

  return {
    env,
    keys,
    databaseUrl,
    async start(definition, extraEnv = {}, { listen = false } = {}) {
      const url = extraEnv.DATABASE_URL ?? (await databaseUrl(definition.name));
      const service = await startService(definition, {
        env: { ...env, ...(url ? { DATABASE_URL: url } : {}), ...extraEnv },
        ...(bus ? { bus } : {}),
        listen,
      });
      running.push(service);
      return service;
    },
    async close() {
      for (const service of running.reverse()) await service.stop();
      await bus?.close();
      if (kafkaBrokers) await deleteNamespaceTopics({ brokers: kafkaBrokers, namespace: env.KAFKA_NAMESPACE ?? '' });
      const admin = realInfrastructure.postgres;
      if (admin)
        await withDatabase(admin, async (c) => {
          for (const name of databases) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Authorization header of a session of `userId`, signed as identity signs them with this stack's key. */
export async function bearerFor(stack: Pick<TestStack, 'keys'>, userId: string): Promise<{ authorization: string }> {
  const signer = await createTokenSigner(stack.keys.privateKeyPem, 'betterplus-identity', 600);
  return { authorization: `Bearer ${await signer.sign(userId)}` };
}

/** Polls until `probe` returns a value, for effects that arrive through events. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A service on each database it must behave the same on: the environment's (PostgreSQL when
 * DATABASE_URL is set) and, when that is PostgreSQL, PGlite too (an empty DATABASE_URL).
 */
export async function startOnEachDatabase<Config extends BaseConfig>(
  stack: TestStack,
  definition: ServiceDefinition<Config>,
  extraEnv: Record<string, string> = {},
): Promise<{ database: 'postgres' | 'pglite'; service: RunningService<Config> }[]> {
  const onEnvironment = {
    database: realInfrastructure.postgres ? ('postgres' as const) : ('pglite' as const),
    service: await stack.start(definition, extraEnv),
  };
  if (!realInfrastructure.postgres) return [onEnvironment];
  return [onEnvironment, { database: 'pglite', service: await stack.start(definition, { ...extraEnv, DATABASE_URL: '' }) }];
}
