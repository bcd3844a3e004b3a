import { Type, type Static, type TObject, type TProperties } from 'typebox';
import { Value } from 'typebox/value';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Marks a setting that production must set explicitly: an optional one whose absence selects an
 * embedded stand-in (PGlite, the in-process bus, the local mailbox...), or one whose default
 * only suits a laptop (PUBLIC_URL). Either is fine locally and refused in production.
 */
export const requiredInProduction = 'x-required-in-production';

/** Settings every service reads. Absent infrastructure URLs select the embedded adapters. */
export const baseSettings = {
  APP_ENV: Type.Union([Type.Literal('development'), Type.Literal('test'), Type.Literal('production')], { default: 'development' }),
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** PostgreSQL connection URL; without it the service uses PGlite under DATA_DIR. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', [requiredInProduction]: true })),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  /** How long taking a new PostgreSQL connection may take before the query fails. */
  DATABASE_CONNECT_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 5000 }),
  /** Longest a single statement may run; PostgreSQL cancels it beyond (a stuck query must not hold a connection for ever). */
  DATABASE_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 15_000 }),
  /** Comma-separated Kafka bootstrap servers; without them the in-process bus is used. */
  KAFKA_BROKERS: Type.Optional(Type.String({ minLength: 1, [requiredInProduction]: true })),
  /** Prefix for topic and consumer-group names, so test runs can share one broker. */
  KAFKA_NAMESPACE: Type.String({ default: '' }),
  /** Redis URL; without it an in-memory cache is used. */
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://', [requiredInProduction]: true })),
  /** Where embedded adapters keep their files (PGlite databases, local mailbox). */
  DATA_DIR: Type.String({ default: '.data' }),
  /** Public key (PEM, SPKI) that verifies identity's JWTs. */
  JWT_PUBLIC_KEY: Type.String({ minLength: 1 }),
  /** The key before the last rotation, still accepted until the tokens it signed expire. */
  JWT_PREVIOUS_PUBLIC_KEY: Type.Optional(Type.String({ minLength: 1 })),
  JWT_ISSUER: Type.String({ default: 'betterplus-identity' }),
  /** Largest accepted request body in bytes. */
  BODY_LIMIT: Type.Integer({ minimum: 1024, default: 1_048_576 }),
  /**
   * Proxies in front of the service that append the client's address to x-forwarded-for: the
   * gateway (1), plus an ingress or load balancer before it (2). Only proxies at TRUSTED_PROXIES count.
   */
  TRUST_PROXY_HOPS: Type.Integer({ minimum: 0, maximum: 10, default: 1 }),
  /**
   * Where those proxies are (comma-separated addresses, CIDR ranges, or `loopback`, `linklocal`,
   * `uniquelocal`): anyone else's x-forwarded-for is ignored, so a client that reaches the
   * service's port directly cannot choose its address. In Kubernetes: the gateway pods' network.
   */
  TRUSTED_PROXIES: Type.String({ minLength: 1, default: 'loopback' }),
  /** On SIGTERM: how long /readyz answers 503 while requests are still served, before the listener closes. */
  SHUTDOWN_DRAIN_MS: Type.Integer({ minimum: 0, default: 0 }),
  /** On SIGTERM: the most the whole shutdown may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 25_000 }),
  /** Published outbox rows are deleted after this many hours (pending and parked rows never). */
  OUTBOX_RETENTION_HOURS: Type.Number({ exclusiveMinimum: 0, default: 72 }),
  /** Processed-event records are deleted after this many days: keep it above the topics' retention (7 days). */
  PROCESSED_EVENTS_RETENTION_DAYS: Type.Number({ exclusiveMinimum: 0, default: 14 }),
  /** Failed publishes of one outbox row (while the bus answers) before it is parked. */
  OUTBOX_MAX_PUBLISH_ATTEMPTS: Type.Integer({ minimum: 1, default: 10 }),
  /** How long a relay's claim on outbox rows holds if the relay dies (renewed while it lives). */
  OUTBOX_CLAIM_LEASE_MS: Type.Integer({ minimum: 1000, default: 30_000 }),
  /** `otlp` exports traces over OTLP/HTTP; off by default (`none`, or unset without an endpoint). */
  OTEL_TRACES_EXPORTER: Type.Optional(Type.Union([Type.Literal('otlp'), Type.Literal('none')])),
  /** OTLP/HTTP collector base URL (traces go to `/v1/traces`); setting it turns tracing on. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** The trace resource's service name; the service's own name by default. */
  OTEL_SERVICE_NAME: Type.Optional(Type.String({ minLength: 1 })),
  /** The product's public address (links in emails, payment callbacks). */
  PUBLIC_URL: Type.String({ pattern: '^https?://', default: 'http://localhost:8080', [requiredInProduction]: true }),
};

export const baseSettingsSchema = Type.Object(baseSettings);
export type BaseConfig = Static<typeof baseSettingsSchema>;

/**
 * Validates the environment once at start. Every problem is reported in one error that names the
 * setting, so an operator fixes a deployment in one go rather than one crash at a time.
 */
export function loadConfig<P extends TProperties>(schema: TObject<P>, env: Record<string, string | undefined>): Static<TObject<P>> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const converted = Value.Convert(schema, Value.Default(schema, { ...raw }));
  const problems = Value.Errors(schema, converted).map((error) => {
    const missing = (error.params as { requiredProperties?: string[] }).requiredProperties;
    const setting = error.instancePath.replace(/^\//, '') || (missing?.join(', ') ?? '');
    return `${setting}: ${error.message}`;
  });
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const config = converted as Static<TObject<P>>;
  assertProductionReady(schema, config as Record<string, unknown>, raw);
  return config;
}

/** Values that ship in this repository for local use and must never reach production. */
export const developmentOnlyMarker = 'development-only';

function assertProductionReady(schema: TObject, config: Record<string, unknown>, given: Record<string, unknown>): void {
  if (config.APP_ENV !== 'production') return;
  const problems: string[] = [];
  for (const [key, setting] of Object.entries(schema.properties)) {
    if ((setting as Record<string, unknown>)[requiredInProduction] === true && given[key] === undefined) {
      problems.push(`${key}: required in production (embedded adapters and local defaults are for local use only)`);
    }
  }
  for (const [key, value] of Object.entries(config)) {
    if (typeof value === 'string' && value.includes(developmentOnlyMarker)) problems.push(`${key}: a development-only default cannot be used in production`);
  }
  if (problems.length > 0) throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
}
