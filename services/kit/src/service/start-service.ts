import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cache } from '../cache/cache.ts';
import { createMemoryCache } from '../cache/memory-cache.ts';
import { createRedisCache } from '../cache/redis-cache.ts';
import { bearerGuard } from '../auth/guards.ts';
import { applyRevocationsOnCommit, createRevocationCache, sessionsRevokedHandler } from '../auth/sessions.ts';
import { createTokenVerifier, verificationKeys } from '../auth/tokens.ts';
import { loadConfig, type BaseConfig } from '../config/load-config.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createPgliteDatabase } from '../db/pglite.ts';
import { exportPoolMetrics } from '../db/pool-metrics.ts';
import { createPostgresDatabase } from '../db/postgres.ts';
import type { EventBus } from '../events/bus.ts';
import { startConsumer } from '../events/consumer.ts';
import { createInProcessBus } from '../events/in-process-bus.ts';
import { createKafkaBus } from '../events/kafka-bus.ts';
import { createOutboxRelay, createUnitOfWork } from '../events/outbox.ts';
import { startEventRetention } from '../events/retention.ts';
import { createServiceApp, type ServiceApp } from '../http/create-app.ts';
import { trustProxies } from '../http/trusted-proxies.ts';
import { createLogger, type Logger } from '../observability/logger.ts';
import { createMetrics, type Metrics } from '../observability/metrics.ts';
import { startTracing } from '../observability/tracing.ts';
import { trackConnections } from './connections.ts';
import { watchDependencies } from './dependency-watch.ts';
import type { ServiceDefinition, ServiceDeps } from './service-definition.ts';

const kitMigrations = new URL('../../migrations/', import.meta.url);

export interface StartOptions {
  env: Record<string, string | undefined>;
  /** A bus shared by services in one process (the embedded stack); otherwise chosen from config. */
  bus?: EventBus;
  /** Listen on HOST:PORT; tests leave it off and use `app.inject()`. */
  listen?: boolean;
  logger?: Logger;
  /** PGlite in memory instead of under DATA_DIR: for a stack thrown away after use (tests), whose data need not outlive it. */
  databaseInMemory?: boolean;
}

export interface RunningService<Config extends BaseConfig = BaseConfig> {
  app: ServiceApp;
  deps: ServiceDeps<Config>;
  /** Base URL when listening. */
  url?: string;
  /**
   * Graceful stop: /readyz answers 503 at once (for SHUTDOWN_DRAIN_MS the service still serves),
   * then no new requests while in-flight ones finish, then consumers and the relay stop, then
   * the cache, the bus and the pool close. Rejects when it takes longer than SHUTDOWN_TIMEOUT_MS.
   */
  stop(): Promise<void>;
}

/** How often every replica rereads its session_revocations table: a revocation takes effect everywhere within about this long. */
const revocationRefreshMs = 1000;
/** How often the broker and the cache are checked for the dependency_up metric. */
const dependencyCheckMs = 10_000;

async function openDatabase(name: string, config: BaseConfig, logger: Logger, inMemory: boolean): Promise<Database> {
  if (config.DATABASE_URL) {
    return createPostgresDatabase(config.DATABASE_URL, {
      poolSize: config.DATABASE_POOL_SIZE,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      logger,
    });
  }
  return createPgliteDatabase(inMemory ? undefined : join(config.DATA_DIR, 'pglite', name));
}

async function openCache(name: string, config: BaseConfig): Promise<Cache> {
  if (config.REDIS_URL) return createRedisCache(config.REDIS_URL, `${config.KAFKA_NAMESPACE}${name}`);
  return createMemoryCache();
}

function openBus(name: string, config: BaseConfig, logger: Logger): EventBus {
  if (!config.KAFKA_BROKERS) return createInProcessBus();
  return createKafkaBus({ brokers: config.KAFKA_BROKERS.split(',').map((b) => b.trim()), clientId: name, logger, namespace: config.KAFKA_NAMESPACE });
}

/**
 * Builds and starts one service from its definition: the same path for the embedded stack, the
 * real stack and tests; only the adapters differ, chosen from configuration.
 */
export async function startService<Config extends BaseConfig>(definition: ServiceDefinition<Config>, options: StartOptions): Promise<RunningService<Config>> {
  const { name } = definition;
  const config = loadConfig(definition.settings, options.env) as Config;
  const trustProxy = trustProxies(config.TRUSTED_PROXIES, config.TRUST_PROXY_HOPS);
  const logger = options.logger ?? createLogger(name, config.LOG_LEVEL);
  const metrics = createMetrics(name);
  const db = await openDatabase(name, config, logger, options.databaseInMemory === true);
  exportPoolMetrics(db, metrics.registry);
  const tracing = startTracing(name, config);
  const closers: (() => Promise<void>)[] = [() => db.close(), () => tracing.stop()];
  try {
    const applied = await migrate(db, [{ scope: 'kit', dir: kitMigrations }, ...(definition.migrations ? [{ scope: name, dir: definition.migrations }] : [])]);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    const ownsBus = !options.bus;
    const bus = options.bus ?? openBus(name, config, logger);
    if (ownsBus) closers.unshift(() => bus.close());
    const cache = await openCache(name, config);
    closers.unshift(() => cache.close());
    const revocations = await createRevocationCache(db, { refreshMs: revocationRefreshMs, logger });
    closers.unshift(async () => {
      revocations.stop();
    });
    const relay = createOutboxRelay({ db, bus, logger, metrics, maxAttempts: config.OUTBOX_MAX_PUBLISH_ATTEMPTS, leaseMs: config.OUTBOX_CLAIM_LEASE_MS });
    const uow = applyRevocationsOnCommit(
      createUnitOfWork(db, name, () => {
        relay.wake();
      }),
      revocations,
    );
    const tokens = await createTokenVerifier(verificationKeys(config), config.JWT_ISSUER);
    const authenticate = bearerGuard(tokens, (claims) => revocations.isRevoked(claims));
    const deps: ServiceDeps<Config> = { name, config, logger, metrics, db, uow, cache, bus, tokens, authenticate };

    let stopping = false;
    const app = await createServiceApp({
      service: name,
      logger,
      metrics,
      bodyLimit: config.BODY_LIMIT,
      trustProxy,
      // Only what the service cannot work without; the broker and the cache are watched below.
      readiness: [{ name: 'database', check: () => db.ping() }],
      stopping: () => stopping,
    });
    const watch = watchBusAndCache(bus, cache, metrics, logger);
    closers.unshift(async () => {
      watch.stop();
    });
    markBearerRoutes(app, authenticate);
    // Every service that checks tokens learns of revoked sessions, whatever else it consumes.
    const registered = await registerService(definition, app, deps);
    const handlers = [sessionsRevokedHandler(revocations), ...(registered ?? [])];

    relay.start();
    closers.unshift(() => relay.stop());
    const retention = startEventRetention({
      db,
      logger,
      metrics,
      outboxRetentionHours: config.OUTBOX_RETENTION_HOURS,
      processedEventsRetentionDays: config.PROCESSED_EVENTS_RETENTION_DAYS,
    });
    closers.unshift(() => retention.stop());
    const subscription = await startConsumer({ service: name, bus, uow, handlers, logger, metrics });
    closers.unshift(() => subscription.stop());
    // Closed first on stop: no new requests (in-flight ones finish), then no new events, then
    // the relay drains its last pass.
    const connections = trackConnections(app.server);
    closers.unshift(async () => {
      const closed = app.close();
      connections.closeUnused();
      await closed;
    });

    const url = options.listen ? await listenOn(app, config, logger) : undefined;
    const stop = gracefulStop({ name, app, config, logger, closers, listening: url !== undefined }, () => {
      stopping = true;
    });
    return { app, deps, ...(url ? { url } : {}), stop };
  } catch (error) {
    await closeAll(closers, logger);
    throw error;
  }
}

/** The broker and the cache, checked for the dependency_up metric (not for readiness: the service works without them a while). */
function watchBusAndCache(bus: EventBus, cache: Cache, metrics: Metrics, logger: Logger) {
  return watchDependencies({
    dependencies: [
      { name: 'events', check: () => bus.ping() },
      { name: 'cache', check: () => cache.ping() },
    ],
    registry: metrics.registry,
    logger,
    intervalMs: dependencyCheckMs,
  });
}

/** The OpenAPI document marks every route behind `authenticate` as needing the bearer token. */
function markBearerRoutes(app: ServiceApp, authenticate: ReturnType<typeof bearerGuard>): void {
  app.addHook('onRoute', (route) => {
    if ([route.preHandler].flat().includes(authenticate)) route.schema = { ...route.schema, security: [{ bearer: [] }] };
  });
}

/** Registers the service on its app; a failure closes the app first, so what the register opened is let go. */
async function registerService<Config extends BaseConfig>(definition: ServiceDefinition<Config>, app: ServiceApp, deps: ServiceDeps<Config>) {
  try {
    const registered = await definition.register(app, deps);
    await app.ready();
    return registered;
  } catch (error) {
    // The service's onClose hooks let go of what its register opened before it failed (chat's
    // model thread would otherwise keep the process alive).
    await app.close().catch(() => undefined);
    throw error;
  }
}

/** Listens on HOST:PORT; the address it is reached at. */
async function listenOn(app: ServiceApp, config: BaseConfig, logger: Logger): Promise<string> {
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url }, 'service listening');
  return url;
}

interface StopOptions {
  name: string;
  app: ServiceApp;
  config: BaseConfig;
  logger: Logger;
  /** What to close, in order. */
  closers: (() => Promise<void>)[];
  /** Listening for outside traffic: load balancers are given SHUTDOWN_DRAIN_MS to notice /readyz. */
  listening: boolean;
}

/** RunningService.stop: `markStopping` turns /readyz to 503 at once; then the drain, then every closer, all within SHUTDOWN_TIMEOUT_MS. */
function gracefulStop({ name, app, config, logger, closers, listening }: StopOptions, markStopping: () => void): () => Promise<void> {
  return async () => {
    markStopping();
    logger.info({ drainMs: config.SHUTDOWN_DRAIN_MS }, 'stopping');
    const shutdown = (async () => {
      // Load balancers see /readyz fail and stop sending new requests before the listener closes.
      if (listening && config.SHUTDOWN_DRAIN_MS > 0) await sleep(config.SHUTDOWN_DRAIN_MS);
      await closeAll(closers, logger);
    })();
    const timedOut = await Promise.race([shutdown.then(() => false), sleep(config.SHUTDOWN_TIMEOUT_MS, true, { ref: false })]);
    if (timedOut) {
      logger.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out');
      app.server.closeAllConnections();
      throw new Error(`${name} did not stop within ${String(config.SHUTDOWN_TIMEOUT_MS)} ms`);
    }
  };
}

async function closeAll(closers: (() => Promise<void>)[], logger: Logger): Promise<void> {
  for (const close of closers) {
    try {
      await close();
    } catch (error) {
      logger.warn({ err: error }, 'error while stopping');
    }
  }
}
