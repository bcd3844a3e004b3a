import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import swagger from '@fastify/swagger';
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from '../observability/logger.ts';
import type { Metrics } from '../observability/metrics.ts';
import { traceRequests } from '../observability/tracing.ts';
import { AppError, type ErrorBody } from './errors.ts';
import { rejectNulCharacters } from './nul-characters.ts';
import { documentedSchema } from './openapi.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import type { TrustProxy } from './trusted-proxies.ts';

export type ServiceApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface CreateAppOptions {
  service: string;
  logger: Logger;
  metrics: Metrics;
  bodyLimit: number;
  readiness: ReadinessCheck[];
  /**
   * The proxies whose x-forwarded-for is believed (`trustProxies`): request.ip is the address the
   * farthest of them saw, so a client cannot choose it by sending the header itself. None by default.
   */
  trustProxy?: TrustProxy;
  /** True once the service is shutting down: /readyz answers 503 while requests are still served. */
  stopping?: () => boolean;
}

const quietPaths = new Set(['/healthz', '/readyz', '/metrics']);
const readinessTimeoutMs = 2000;

const ajvOptions = { removeAdditional: false, coerceTypes: 'array', allErrors: false } as const;

type BuildValidator = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];
// The compiler's published types describe its result as taking a schema; at run time (and in
// Fastify) it takes the route definition, whose httpPart tells a body from the rest.
type CompileRoute = (route: { httpPart?: string }) => unknown;
const compilerPool = AjvCompiler() as unknown as (externalSchemas: unknown, options?: { customOptions?: object }) => CompileRoute;
/**
 * Query strings, path parameters and headers arrive as text, so they are coerced to the types
 * their schemas declare (`?limit=5` is a number). A JSON body already carries its types: a
 * number, boolean or array where a string belongs is a 400, never quietly converted (an array
 * would otherwise become its one element).
 */
const buildValidator = ((externalSchemas: unknown, options?: { customOptions?: object }) => {
  const coercing = compilerPool(externalSchemas, options);
  const strict = compilerPool(externalSchemas, { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } });
  return (route: { httpPart?: string }) => (route.httpPart === 'body' ? strict(route) : coercing(route));
}) as unknown as BuildValidator;

/**
 * The Fastify instance every service builds on: request ids, the one error shape, health,
 * readiness, metrics and OpenAPI. Routes are registered by the service afterwards.
 */
export async function createServiceApp(options: CreateAppOptions): Promise<ServiceApp> {
  const { service, metrics } = options;
  const codePrefix = service.toUpperCase().replace(/-/g, '_');
  const answerHeaders = (request: FastifyRequest) => ({ [REQUEST_ID_HEADER]: request.id, 'x-served-by': service, ...SECURITY_HEADERS });
  const errorBody = (reply: FastifyReply, status: number, code: string, message: string): ErrorBody => {
    void reply.status(status);
    return { error: message, code: `${codePrefix}_${code}` };
  };
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit,
    // Rate limits key on request.ip: the client's address as the trusted proxies recorded it.
    trustProxy: options.trustProxy ?? (() => false),
    // One line per request, written by the onResponse hook below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    ajv: { customOptions: ajvOptions },
    schemaController: { compilersFactory: { buildValidator: buildValidator } },
    // A URL that cannot be decoded (`/%zz`) is refused before routing, where no hook runs: the
    // answer gets the headers and the error shape of every other one here.
    frameworkErrors: (error, request, reply) => {
      const answer = reply as FastifyReply;
      const body =
        error.code === 'FST_ERR_BAD_URL'
          ? errorBody(answer, 400, 'BAD_URL', 'Bad request: the URL is malformed')
          : errorBody(answer, error.statusCode ?? 400, 'BAD_REQUEST', 'Bad request');
      void answer.headers(answerHeaders(request)).send(body);
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as ServiceApp;

  await app.register(swagger, {
    openapi: {
      info: { title: `Better+ ${service}`, version: '1.0.0' },
      // Routes of a signed-in user declare `security: [{ bearer: [] }]`.
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ({ schema, url }) => ({ schema: documentedSchema(schema) ?? schema, url }),
  });

  traceRequests(app, service);
  app.addHook('preValidation', rejectNulCharacters);

  app.addHook('onSend', async (request, reply) => {
    reply.headers(answerHeaders(request));
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    metrics.httpDuration.observe({ method: request.method, route: route ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    // Probes and scrapes arrive every few seconds; logging them would drown the real traffic.
    if (route !== undefined && quietPaths.has(route)) return;
    // The route template, never the raw URL: query strings and paths may carry tokens.
    request.log.info(
      { method: request.method, route: route ?? 'unmatched', statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = (status: number, code: string, message: string) => errorBody(reply, status, code, message);
    if (error instanceof AppError) return body(error.statusCode, error.code, error.message);
    if (error.validation) return body(400, 'VALIDATION', `Invalid request: ${error.message}`);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return body(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return body(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type; send application/json');
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return body(400, 'INVALID_JSON', 'Request body is not valid JSON');
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return body(status, 'BAD_REQUEST', error.message);
    request.log.error({ err: error }, 'request failed');
    return body(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });

  app.setNotFoundHandler((_request, reply) => {
    void reply.status(404).send({ error: 'Not found', code: `${codePrefix}_NOT_FOUND` } satisfies ErrorBody);
  });

  operatorRoutes(app, options);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

/** What probes and scrapers ask: liveness, readiness (503 while stopping or while a dependency fails) and the metrics. */
function operatorRoutes(app: ServiceApp, { readiness, stopping, metrics }: CreateAppOptions): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (stopping?.()) {
      void reply.status(503);
      return { status: 'stopping', checks: {} };
    }
    const results = await Promise.all(
      readiness.map(async ({ name, check }) => {
        try {
          // A dependency that hangs is as unready as one that refuses; the probe must still answer.
          await Promise.race([check(), sleep(readinessTimeoutMs, undefined, { ref: false }).then(() => Promise.reject(new Error('timed out')))]);
          return { name, ok: true };
        } catch {
          return { name, ok: false };
        }
      }),
    );
    const ready = results.every((r) => r.ok);
    void reply.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results.map((r) => [r.name, r.ok ? 'ok' : 'failing'])) };
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
