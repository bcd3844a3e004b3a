// The gateway of the embedded local stack: the same routes as Envoy (both come from the route
// table), served by Fastify in the same process as the services.
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { extname, join, posix } from 'node:path';
import { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import fastify, { LogController } from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import httpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import {
  BAD_REQUEST,
  DUPLICATE_AUTHORIZATION,
  GATEWAY_ERROR,
  HEADERS_TOO_LARGE,
  NOT_FOUND,
  PAYLOAD_TOO_LARGE,
  UPSTREAM_TIMEOUT,
  UPSTREAM_UNAVAILABLE,
  WEB_NOT_BUILT,
} from './errors.ts';
import { REQUEST_ID_HEADER, requestIdFrom, traceRequests, trustProxies } from '@betterplus/kit';
import {
  BROTLI_QUALITY,
  COMPRESSION_THRESHOLD,
  DEFAULT_BODY_LIMIT,
  DEFAULT_TRUSTED_PROXIES,
  IMMUTABLE_CACHE,
  REVALIDATE_CACHE,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from './http-policy.ts';
import { handedOff, registerInProcess, type RequestListener } from './in-process.ts';
import { API_PREFIX, GET_RETRIES, ROUTES, SERVICE_NAMES, TIMEOUT_SECONDS, isSegmentPrefix } from './route-table.ts';
import type { Route, ServiceName } from './route-table.ts';

export interface LocalGatewayOptions {
  /** Base URL of each service, e.g. http://127.0.0.1:3001. */
  upstreams: Record<ServiceName, string>;
  /** Directory of the built React bundle. */
  webRoot: string;
  logger?: FastifyServerOptions['logger'];
  /** Adds routes of the embedded stack (e.g. a dev mailbox) before the SPA fallback applies. */
  extraRoutes?: (app: FastifyInstance) => void;
  /** BODY_LIMIT (see gatewaySettings): larger bodies get 413 here, not at the service. */
  bodyLimit?: number;
  /** TRUST_PROXY_HOPS (see gatewaySettings); 0 by default. */
  trustProxyHops?: number;
  /** TRUSTED_PROXIES (see gatewaySettings); loopback by default. */
  trustedProxies?: string;
  /** Upstream time budgets in seconds, when not the route table's (tests). */
  timeoutSeconds?: Partial<Record<ServiceName, number>>;
  /**
   * Services running in this process (the embedded stack), by their request handlers: their
   * requests are handed over in memory instead of proxied to `upstreams` (see in-process.ts).
   */
  inProcess?: Partial<Record<ServiceName, RequestListener>>;
}

/** Fastify router paths for one route-table prefix, matching exactly what `prefixMatches` owns. */
function routerPaths(route: Route): string[] {
  return isSegmentPrefix(route.prefix) ? [route.prefix, `${route.prefix}/*`] : [`${route.prefix}*`];
}

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? '';
}

/** Like Envoy's merge_slashes and normalize_path: `//x` is `/x`, `/a/../b` is `/b`. */
function normalizeUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const normalized = posix.normalize(path.replace(/\/{2,}/g, '/'));
  return queryAt === -1 ? normalized : normalized + url.slice(queryAt);
}

/** Query strings stay out of the log: they can carry secrets (/reset-password?token=...). */
function withoutQueryStrings(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false;
  const serializers = {
    req: (request: { method: string; url: string }) => ({ method: request.method, url: pathOf(request.url) }),
  };
  return logger === true ? { serializers } : { ...logger, serializers: { ...logger.serializers, ...serializers } };
}

/** Node keeps only the first of several Authorization headers; a gateway must not guess which was meant. */
function hasAmbiguousAuthorization(request: FastifyRequest): boolean {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'authorization') count++;
  return count > 1 || (request.headers.authorization ?? '').includes(',');
}

/** Errors of a malformed connection, answered before Fastify sees a request (with the headers of every answer). */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const [status, body] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, HEADERS_TOO_LARGE] : [400, BAD_REQUEST];
  const json = JSON.stringify(body);
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)), ...SECURITY_HEADERS, connection: 'close' };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n${head}\r\n${json}`);
}

/** What the gateway adds to every answer, proxied, in-process or its own. */
function answerHeaders(request: FastifyRequest): Record<string, string> {
  return {
    [REQUEST_ID_HEADER]: request.id,
    ...SECURITY_HEADERS,
    ...(request.protocol === 'https' ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status === 413) return reply.code(413).send(PAYLOAD_TOO_LARGE);
  // e.g. @fastify/static refusing a dotfile: to the client it is simply not there.
  if (status === 403 || status === 404) return reply.code(404).send(NOT_FOUND);
  if (status >= 400 && status < 500) return reply.code(status).send(BAD_REQUEST);
  request.log.error({ err: error }, 'gateway error');
  return reply.code(500).send(GATEWAY_ERROR);
}

/** Requests whose streamed (chunked) body went over the limit on its way to the service. */
const bodiesTooLarge = new WeakSet<object>();

/**
 * A body without Content-Length streams to the service through a counter that stops it at the
 * limit; the proxy's error handler then answers 413.
 */
function limitStreamedBody(request: FastifyRequest, bodyLimit: number): void {
  if (request.headers['content-length'] !== undefined || !(request.body instanceof Readable)) return;
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen <= bodyLimit) {
        callback(null, chunk);
        return;
      }
      bodiesTooLarge.add(request.raw);
      request.raw.unpipe(counter);
      callback(new Error('request body over the limit'));
    },
  });
  request.body = request.raw.pipe(counter);
}

function registerProxy(app: FastifyInstance, paths: string[], upstream: string, timeoutSeconds: number): void {
  void app.register(httpProxy, {
    upstream,
    // No prefix: paths reach the service unchanged, since each service serves the original /api paths.
    routes: paths,
    disableRequestLogging: true,
    replyOptions: {
      timeout: timeoutSeconds * 1000,
      // Like Envoy's retry policy: a request that could not even connect is safe to try again. This
      // also replaces reply-from's default of retrying every 503 answer ten times.
      retryDelay: ({ err, attempt }) => ((err as { code?: string } | null)?.code === 'ECONNREFUSED' && attempt < GET_RETRIES ? 50 * 2 ** attempt : null),
      // Services see what they would see behind Envoy: the public host, the client, the id. The
      // client address is the one the trusted hops recorded, alone, so no service can be misled by
      // what a client wrote into X-Forwarded-For.
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        host: request.headers.host ?? headers.host,
        [REQUEST_ID_HEADER]: request.id,
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
      }),
      onError: (reply, { error }) => {
        if (bodiesTooLarge.has(reply.request.raw)) {
          // The rest of the body is read and dropped, so the connection can carry the next request.
          reply.request.raw.resume();
          return void reply.code(413).send(PAYLOAD_TOO_LARGE);
        }
        // reply-from wraps undici's header/body timeouts in this error; anything else means unreachable.
        const timedOut = (error as { code?: string }).code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT';
        void reply.code(timedOut ? 504 : 502).send(timedOut ? UPSTREAM_TIMEOUT : UPSTREAM_UNAVAILABLE);
      },
    },
  });
}

function registerWeb(app: FastifyInstance, webRoot: string): void {
  void app.register(fastifyStatic, {
    root: webRoot,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
  // Reached by web paths only (/api has its own catch-all): a page of the React router gets
  // index.html; another method, or a missing file such as /assets/old.js, gets a plain 404.
  app.setNotFoundHandler((request, reply) => {
    const spaNavigation = (request.method === 'GET' || request.method === 'HEAD') && extname(pathOf(request.url)) === '';
    if (!spaNavigation) return reply.code(404).send(NOT_FOUND);
    // Checked per request so a bundle built after start-up is picked up without a restart.
    if (!existsSync(join(webRoot, 'index.html'))) return reply.code(503).send(WEB_NOT_BUILT);
    return reply.sendFile('index.html');
  });
}

export function createLocalGateway(opts: LocalGatewayOptions): FastifyInstance {
  const bodyLimit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const app = fastify({
    logger: withoutQueryStrings(opts.logger ?? false),
    // One line per request, written by the onResponse hook below, instead of Fastify's two (none
    // for a request a service in this process answered: it writes its own).
    logController: new LogController({ disableRequestLogging: true }),
    // A large body refused by a down upstream leaves its connection half-read, and then close()
    // would wait for it forever; the local stack must always be able to stop.
    forceCloseConnections: true,
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    bodyLimit,
    // request.ip and request.protocol: what the farthest trusted hop saw (as Envoy's xff_num_trusted_hops),
    // believed only from peers at TRUSTED_PROXIES.
    trustProxy: trustProxies(opts.trustedProxies ?? DEFAULT_TRUSTED_PROXIES, opts.trustProxyHops ?? 0),
    rewriteUrl: normalizeUrl,
    // A URL that cannot be decoded (`/%zz`): answered before routing, where no hook adds the headers.
    frameworkErrors: (_error, request, reply) => {
      void (reply as FastifyReply).headers(answerHeaders(request)).code(400).send(BAD_REQUEST);
    },
    clientErrorHandler: answerClientError,
  });

  // The trace starts here (or joins the caller's): the services' spans become its children.
  traceRequests(app, 'gateway', { propagate: true });
  app.addHook('onRequest', async (request, reply) => {
    if (hasAmbiguousAuthorization(request)) return reply.code(400).send(DUPLICATE_AUTHORIZATION);
    // Proxied bodies stream through untouched, so the limit is checked here; Node then reads and
    // drops the rest of the body, and the connection stays usable for the next request.
    if (Number(request.headers['content-length'] ?? 0) > bodyLimit) return reply.code(413).send(PAYLOAD_TOO_LARGE);
    return undefined;
  });
  app.addHook('preHandler', async (request) => {
    limitStreamedBody(request, bodyLimit);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(answerHeaders(request));
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (handedOff.has(request.raw)) return;
    request.log.info(
      { method: request.method, url: pathOf(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
  });
  app.setErrorHandler(answerError);
  // Request bodies pass through as sent, as through Envoy.
  void app.register(compress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });

  app.get('/healthz', () => ({ status: 'ok' }));
  for (const service of SERVICE_NAMES) {
    const paths = ROUTES.filter((route) => route.service === service).flatMap(routerPaths);
    const timeoutSeconds = opts.timeoutSeconds?.[service] ?? TIMEOUT_SECONDS[service];
    const listener = opts.inProcess?.[service];
    if (listener) registerInProcess(app, { paths, listener, timeoutSeconds, answerHeaders });
    else registerProxy(app, paths, opts.upstreams[service], timeoutSeconds);
  }
  // The router prefers the proxies' more specific paths, so this only sees /api paths nobody owns.
  app.all(API_PREFIX, (_request, reply) => reply.code(404).send(NOT_FOUND));
  app.all(`${API_PREFIX}/*`, (_request, reply) => reply.code(404).send(NOT_FOUND));
  opts.extraRoutes?.(app);
  registerWeb(app, opts.webRoot);
  return app;
}
