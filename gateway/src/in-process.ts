// Services in the gateway's own process (the embedded stack): a request is handed to the service's
// request handler on the connection it came in on, rather than sent again over a loopback
// connection, which cost more than all the rest of a typical request. What the gateway promises
// holds as for a proxied service: the request id, the client address and the trace reach the
// service; the answer gets the gateway's headers, compression and time budget.
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import compression from 'compression';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '@betterplus/kit';
import { UPSTREAM_TIMEOUT } from './errors.ts';
import { BROTLI_QUALITY, COMPRESSION_THRESHOLD } from './http-policy.ts';

/** What a service runs for a request on its own port (a Fastify app's `routing`). */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface InProcessRoutes {
  /** Router paths of the service's prefixes. */
  paths: readonly string[];
  listener: RequestListener;
  timeoutSeconds: number;
  /** What the gateway adds to every answer. */
  answerHeaders: (request: FastifyRequest) => Record<string, string>;
}

/**
 * Requests answered by a service in this process. The service writes the request's log line (same
 * request id), so the gateway writes none of its own unless it answered itself (its time budget ran out).
 */
export const handedOff = new WeakSet<IncomingMessage>();

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
// Express middleware works on Node's own request and response, which is all it is given here.
const compressAnswer = compression({
  threshold: COMPRESSION_THRESHOLD,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
}) as unknown as NodeMiddleware;

function answerTimeout(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent) return;
  handedOff.delete(req);
  // A late answer from the service finds this one sent, and Fastify drops it with a warning.
  res.writeHead(504, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(UPSTREAM_TIMEOUT));
}

export function registerInProcess(app: FastifyInstance, routes: InProcessRoutes): void {
  void app.register(async (scope) => {
    // The body stays unread for the service to parse; the gateway's body limit still applies to
    // the declared Content-Length (onRequest), and the service's own limit to a streamed body.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    const handler = (request: FastifyRequest, reply: FastifyReply): void => {
      const { raw: req } = request;
      // What a service behind Envoy sees: the id, and the client as the trusted hops recorded it, alone.
      req.headers[REQUEST_ID_HEADER] = request.id;
      req.headers['x-forwarded-for'] = request.ip;
      req.headers['x-forwarded-proto'] = request.protocol;
      reply.hijack();
      handedOff.add(req);
      const res = reply.raw;
      for (const [name, value] of Object.entries(routes.answerHeaders(request))) res.setHeader(name, value);
      const timer = setTimeout(answerTimeout, routes.timeoutSeconds * 1000, req, res);
      res.once('close', () => {
        clearTimeout(timer);
      });
      compressAnswer(req, res, () => {
        routes.listener(req, res);
      });
    };
    // The answer is compressed on its way out (compressAnswer), not by @fastify/compress.
    for (const url of routes.paths) scope.all(url, { compress: false }, handler);
  });
}
