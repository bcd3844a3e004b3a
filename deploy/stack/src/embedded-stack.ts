import { createInProcessBus, localMailboxDir, loggerOptions, startService, type RunningService } from '@betterplus/kit';
import { createLocalGateway, gatewaySettings, SERVICE_NAMES, type RequestListener, type ServiceName } from '@betterplus/gateway';
import type { FastifyInstance } from 'fastify';
import { devCheckoutRoutes } from './dev-checkout.ts';
import { devMailboxRoutes } from './dev-mailbox.ts';
import { embeddedPorts, services } from './services.ts';
import { embeddedAdminCredentials } from './admin-credentials.ts';
import { embeddedSecretKeys, embeddedSigningKeys } from './signing-keys.ts';

export interface EmbeddedStackOptions {
  /**
   * Settings shared by every service (LOG_LEVEL, PUBLIC_URL); infrastructure URLs are ignored:
   * this stack always runs on the embedded adapters, mail included.
   */
  env: Record<string, string | undefined>;
  dataDir: string;
  webRoot: string;
  port: number;
  host?: string;
  /** Where a line for the operator goes (the admin password made on first start); standard output by default. */
  announce?: (line: string) => void;
  /** Listen on the fixed embedded ports (3001-3005) or on free ones (tests). */
  fixedServicePorts?: boolean;
  /** The services' databases in memory, not under dataDir: a stack thrown away after use (tests) starts seconds sooner. */
  databasesInMemory?: boolean;
}

export interface EmbeddedStack {
  url: string;
  services: Record<ServiceName, RunningService>;
  gateway: FastifyInstance;
  stop(): Promise<void>;
}

/** OpenTelemetry's standard settings pass through, so `OTEL_EXPORTER_OTLP_ENDPOINT=... npm start` traces. */
const tracingSettings = (env: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[0].startsWith('OTEL_') && entry[1] !== undefined));

/**
 * The whole product in one process: five services on their own ports with PGlite, the
 * in-process bus and in-memory cache, behind the local gateway that also serves the web app.
 */
export async function startEmbeddedStack(options: EmbeddedStackOptions): Promise<EmbeddedStack> {
  const keys = await embeddedSigningKeys(options.dataDir);
  const secretKeys = await embeddedSecretKeys(options.dataDir);
  const admin = await embeddedAdminCredentials(options.dataDir, options.env, options.announce ?? ((line) => process.stdout.write(`${line}\n`)));
  // Durable: a row leaves the outbox only once every service's consumer has applied it, so a
  // crash or restart of this process loses no event (see createInProcessBus).
  const bus = createInProcessBus({ acknowledged: true });
  const gatewayConfig = gatewaySettings(options.env);
  const started: RunningService[] = [];
  const stopAll = async () => {
    for (const service of started.reverse()) await service.stop();
    await bus.close();
  };
  try {
    const running = {} as Record<ServiceName, RunningService>;
    // Sequential on purpose: PGlite start-up is CPU-bound and the machine may have two cores.
    for (const name of SERVICE_NAMES) {
      const service = await startService(services[name], {
        env: {
          LOG_LEVEL: options.env.LOG_LEVEL,
          APP_ENV: 'development',
          DATA_DIR: options.dataDir,
          HOST: '127.0.0.1',
          PORT: String(options.fixedServicePorts === false ? 0 : embeddedPorts[name]),
          JWT_PUBLIC_KEY: keys.publicKeyPem,
          JWT_PRIVATE_KEY: keys.privateKeyPem,
          NOTIFICATIONS_PUBLIC_KEY: secretKeys.publicKeyPem,
          NOTIFICATIONS_PRIVATE_KEY: secretKeys.privateKeyPem,
          PUBLIC_URL: options.env.PUBLIC_URL,
          // The gateway's limit, so a body it lets through (or hands on unread) is not refused for size.
          BODY_LIMIT: options.env.BODY_LIMIT,
          // The gateway hands each request over on the client's own connection, with the address it
          // worked out in X-Forwarded-For: a service believes that header only from the proxies the
          // gateway believes (none by default), so a client on a service's own port cannot choose its address.
          TRUST_PROXY_HOPS: gatewayConfig.trustProxyHops > 0 ? '1' : '0',
          TRUSTED_PROXIES: gatewayConfig.trustedProxies,
          // One process holds these databases: a claim left by a crash should lapse quickly.
          OUTBOX_CLAIM_LEASE_MS: '5000',
          ...tracingSettings(options.env),
          ...(name === 'admin-reporting' ? admin : {}),
        },
        bus,
        listen: true,
        databaseInMemory: options.databasesInMemory,
      });
      started.push(service);
      running[name] = service;
    }
    // Every consumer group has subscribed: events written before (a crash's leftovers) may flow.
    bus.open();
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, running[name].url ?? ''])) as Record<ServiceName, string>;
    const gateway = createLocalGateway({
      ...gatewayConfig,
      upstreams,
      // One process: the gateway hands each request to its service without a loopback connection.
      inProcess: Object.fromEntries(
        SERVICE_NAMES.map((name): [ServiceName, RequestListener] => [
          name,
          (req, res) => {
            running[name].app.routing(req, res);
          },
        ]),
      ),
      webRoot: options.webRoot,
      logger: loggerOptions('gateway', options.env.LOG_LEVEL ?? 'info'),
      extraRoutes: (app) => {
        devMailboxRoutes(app, localMailboxDir(options.dataDir));
        devCheckoutRoutes(app, running.billing);
      },
    });
    await gateway.listen({ host: options.host ?? '127.0.0.1', port: options.port });
    const address = gateway.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    return {
      url: `http://localhost:${port}`,
      services: running,
      gateway,
      async stop() {
        await gateway.close();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
