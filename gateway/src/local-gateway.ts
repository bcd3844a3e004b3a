// The gateway of the embedded local stack: the same routes as Envoy (both come from the route
// table), served by Fastify in the same process as the services.
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { NOT_FOUND, UPSTREAM_TIMEOUT, UPSTREAM_UNAVAILABLE, WEB_NOT_BUILT } from './errors.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from '@betterplus/kit';
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
}

/** Fastify router paths for one route-table prefix, matching exactly what `prefixMatches` owns. */
function routerPaths(route: Route): string[] {
  return isSegmentPrefix(route.prefix) ? [route.prefix, `${route.prefix}/*`] : [`${route.prefix}*`];
}

function appendForwardedFor(existing: string | string[] | undefined, client: string | undefined): string {
  return [existing, client].flat().filter((part) => part !== undefined && part !== '').join(', ');
}

function registerProxy(app: FastifyInstance, service: ServiceName, upstream: string): void {
  void app.register(httpProxy, {
    upstream,
    // No prefix: paths reach the service unchanged, since each service serves the original /api paths.
    routes: ROUTES.filter((route) => route.service === service).flatMap(routerPaths),
    disableRequestLogging: true,
    replyOptions: {
      timeout: TIMEOUT_SECONDS[service] * 1000,
      // Like Envoy's retry policy: a GET that could not even connect is safe to try again. This also
      // replaces reply-from's default of retrying every 503 answer ten times.
      retryDelay: ({ err, req, attempt }) =>
        req.method === 'GET' && (err as { code?: string } | null)?.code === 'ECONNREFUSED' && attempt < GET_RETRIES ? 50 * 2 ** attempt : null,
      // Services see what they would see behind Envoy: the public host, the client chain, the id.
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        host: request.headers.host ?? headers.host,
        [REQUEST_ID_HEADER]: request.id,
        'x-forwarded-for': appendForwardedFor(request.headers['x-forwarded-for'], request.raw.socket.remoteAddress),
        'x-forwarded-proto': request.protocol,
      }),
      onError: (reply, { error }) => {
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
    // Vite fingerprints everything under assets/; index.html must be revalidated to pick up a new build.
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Reached by web paths only (/api has its own catch-all): a page of the React router gets
  // index.html; another method, or a missing file such as /assets/old.js, gets a plain 404.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const spaNavigation = (request.method === 'GET' || request.method === 'HEAD') && extname(path) === '';
    if (!spaNavigation) return reply.code(404).send(NOT_FOUND);
    // Checked per request so a bundle built after start-up is picked up without a restart.
    if (!existsSync(join(webRoot, 'index.html'))) return reply.code(503).send(WEB_NOT_BUILT);
    return reply.sendFile('index.html');
  });
}

export function createLocalGateway(opts: LocalGatewayOptions): FastifyInstance {
  const app = fastify({
    logger: opts.logger ?? false,
    // A large body refused by a down upstream leaves its connection half-read, and then close()
    // would wait for it forever; the local stack must always be able to stop.
    forceCloseConnections: true,
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });

  app.get('/healthz', () => ({ status: 'ok' }));
  for (const service of SERVICE_NAMES) registerProxy(app, service, opts.upstreams[service]);
  // The router prefers the proxies' more specific paths, so this only sees /api paths nobody owns.
  app.all(API_PREFIX, (_request, reply) => reply.code(404).send(NOT_FOUND));
  app.all(`${API_PREFIX}/*`, (_request, reply) => reply.code(404).send(NOT_FOUND));
  opts.extraRoutes?.(app);
  registerWeb(app, opts.webRoot);
  return app;
}
