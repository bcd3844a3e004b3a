import type { FastifyRequest } from 'fastify';
import type { TObject } from 'typebox';
import type { Cache } from '../cache/cache.ts';
import type { BaseConfig } from '../config/load-config.ts';
import type { Database } from '../db/database.ts';
import type { TokenVerifier } from '../auth/tokens.ts';
import type { EventBus } from '../events/bus.ts';
import type { EventHandler } from '../events/consumer.ts';
import type { UnitOfWork } from '../events/outbox.ts';
import type { ServiceApp } from '../http/create-app.ts';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';

/** Everything a service's routes and handlers are given; none of it knows which stack it is in. */
export interface ServiceDeps<Config extends BaseConfig = BaseConfig> {
  name: string;
  config: Config;
  logger: Logger;
  metrics: Metrics;
  db: Database;
  uow: UnitOfWork;
  cache: Cache;
  bus: EventBus;
  tokens: TokenVerifier;
  /** preHandler for routes of a signed-in user: a valid token not revoked since (`currentUser` reads it). */
  authenticate: (request: FastifyRequest) => Promise<void>;
}

/** What each service's `app.ts` exports: its name, settings, migrations, routes and handlers. */
export interface ServiceDefinition<Config extends BaseConfig = BaseConfig> {
  name: string;
  settings: TObject;
  /** Folder of forward-only SQL migrations; absent while the service keeps no tables of its own. */
  migrations?: URL;
  /**
   * Registers the routes and returns the event handlers (its `events/handlers/index.ts`), so
   * routes and handlers can share what the service builds once, such as a mailer.
   */
  register(app: ServiceApp, deps: ServiceDeps<Config>): Promise<readonly EventHandler[] | undefined>;
}

export const defineService = <Config extends BaseConfig>(definition: ServiceDefinition<Config>): ServiceDefinition<Config> => definition;
