// A stand-in service for routing tests: answers every request with what it received and its name,
// after the delay a request asks for in `x-echo-delay-ms` (timeout tests). A request with
// `x-echo-stream: hold` gets server-sent events instead: one at once, the last after
// `releaseStreams()` (streaming tests).
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoReply {
  upstream: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface EchoUpstream {
  url: string;
  /** Its request handler, for a gateway that runs it in its own process. */
  listener: RequestListener;
  /** Lets held event streams end. */
  releaseStreams: () => void;
  close: () => Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => {
      if (error) reject(error);
      else resolve();
    }),
  );
}

/** An event of a held stream; long enough that a compressing proxy would gain from holding it. */
const streamEvent = (name: string) => `event: ${name}\ndata: ${JSON.stringify({ padding: 'x'.repeat(400) })}\n\n`;

export async function startEchoUpstream(name: string): Promise<EchoUpstream> {
  let released = Promise.withResolvers<undefined>();
  const listener: RequestListener = (req, res) => {
    if (req.headers['x-echo-stream'] === 'hold') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform' }).write(streamEvent('first'));
      void released.promise.then(() => res.end(streamEvent('last')));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply: EchoReply = {
        upstream: name,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      // A gateway in the same process may have answered already (its time budget ran out).
      const answer = () => {
        if (!res.headersSent) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      };
      const delay = Number(req.headers['x-echo-delay-ms'] ?? 0);
      if (delay > 0) setTimeout(answer, delay).unref();
      else answer();
    });
  };
  const server = createServer(listener);
  const url = await listen(server);
  const releaseStreams = () => {
    released.resolve(undefined);
    released = Promise.withResolvers<undefined>();
  };
  return { url, listener, releaseStreams, close: () => close(server) };
}

/** One echo upstream per name, e.g. every cluster of a gateway; `close` stops them all. */
export async function startEchoUpstreams<Name extends string>(
  names: readonly Name[],
): Promise<{ urls: Record<Name, string>; listeners: Partial<Record<Name, RequestListener>>; releaseStreams: () => void; close: () => Promise<void> }> {
  const echoes = await Promise.all(names.map((name) => startEchoUpstream(name)));
  return {
    urls: Object.fromEntries(names.map((name, i) => [name, echoes[i]?.url ?? ''])) as Record<Name, string>,
    listeners: Object.fromEntries(names.map((name, i) => [name, echoes[i]?.listener])) as Partial<Record<Name, RequestListener>>,
    releaseStreams: () => {
      for (const echo of echoes) echo.releaseStreams();
    },
    close: async () => {
      await Promise.all(echoes.map((echo) => echo.close()));
    },
  };
}

/** A base URL where nothing listens: the port was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await close(server);
  return url;
}
