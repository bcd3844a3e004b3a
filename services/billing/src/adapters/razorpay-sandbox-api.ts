/**
 * The Razorpay sandbox's REST API (razorpay-sandbox.ts): exactly what the adapter calls, behind
 * Razorpay's basic auth, answering Razorpay's entities and error bodies.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RazorpayError, isRecord, newSubscription, truthy, unix, type SandboxStore, type SubscriptionEntity } from './razorpay-sandbox-store.ts';

export interface SandboxApiContext {
  store: SandboxStore;
  /** The one plan it knows (plan_...). */
  planId: string;
  clock: () => Date;
  /** A subscription cancelled at once: its webhook goes out in the background. */
  cancelledNow: (subscription: SubscriptionEntity) => void;
}

interface Route {
  method: string;
  path: RegExp;
  handle: (id: string, body: Record<string, unknown>) => object;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if (!request.headers['content-type']?.includes('json')) return Object.fromEntries(new URLSearchParams(text));
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) return body;
  } catch {
    // answered below, as for any body that is not an object
  }
  throw new RazorpayError(400, 'The request body is not valid JSON.');
}

function createSubscription(context: SandboxApiContext, body: Record<string, unknown>): SubscriptionEntity {
  if (body.plan_id !== context.planId) throw new RazorpayError(400, 'The id provided does not exist', 'plan_id');
  const totalCount = Number(body.total_count);
  if (!Number.isInteger(totalCount) || totalCount < 1) throw new RazorpayError(400, 'The total count must be at least 1.', 'total_count');
  if (body.notes !== undefined && !isRecord(body.notes)) throw new RazorpayError(400, 'The notes must be an object.', 'notes');
  const notes = body.notes as Record<string, string | number> | undefined;
  const subscription = newSubscription(
    context.planId,
    { totalCount, notes, customerNotify: body.customer_notify === undefined || truthy(body.customer_notify) },
    context.clock(),
  );
  context.store.subscriptions[subscription.id] = { entity: subscription, cancelAtCycleEnd: false };
  return subscription;
}

function cancelSubscription(context: SandboxApiContext, id: string, body: Record<string, unknown>): SubscriptionEntity {
  const record = context.store.find(id);
  const subscription = record.entity;
  if (!['created', 'authenticated', 'active', 'pending', 'halted', 'paused'].includes(subscription.status)) {
    throw new RazorpayError(400, `Subscription is not cancellable in ${subscription.status} status.`, 'status');
  }
  if (truthy(body.cancel_at_cycle_end) && subscription.current_end !== null) {
    // Razorpay answers the subscription unchanged: still active, ended_at null, no scheduled change shown.
    record.cancelAtCycleEnd = true;
  } else {
    subscription.status = 'cancelled';
    subscription.ended_at = unix(context.clock());
    subscription.charge_at = null;
    context.cancelledNow(subscription);
  }
  return subscription;
}

const routesOf = (context: SandboxApiContext): Route[] => [
  { method: 'POST', path: /^\/v1\/subscriptions$/, handle: (_id, body) => createSubscription(context, body) },
  { method: 'GET', path: /^\/v1\/subscriptions\/([^/]+)$/, handle: (id) => context.store.find(id).entity },
  { method: 'POST', path: /^\/v1\/subscriptions\/([^/]+)\/cancel$/, handle: (id, body) => cancelSubscription(context, id, body) },
  {
    method: 'GET',
    path: /^\/v1\/payments\/([^/]+)$/,
    handle: (id) => {
      const payment = context.store.payments[id];
      if (!payment) throw new RazorpayError(400, 'The id provided does not exist', 'id');
      return payment;
    },
  },
];

export interface SandboxApi {
  /** Base URL for the adapter's apiUrl (without /v1). */
  readonly url: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Serves the API on 127.0.0.1 (`port` 0 picks a free one) to callers with the key id and secret. */
export async function serveSandboxApi(
  context: SandboxApiContext,
  access: { keyId: string; keySecret: string; port?: number | undefined },
): Promise<SandboxApi> {
  const expectedAuth = `Basic ${Buffer.from(`${access.keyId}:${access.keySecret}`).toString('base64')}`;
  const routes = routesOf(context);
  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const reply = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    try {
      if (request.headers.authorization !== expectedAuth) throw new RazorpayError(401, 'Authentication failed');
      const { pathname } = new URL(request.url ?? '/', 'http://sandbox');
      const body = await readBody(request);
      for (const route of routes) {
        const match = route.path.exec(pathname);
        if (route.method !== request.method || !match) continue;
        const answer = route.handle(decodeURIComponent(match[1] ?? ''), body);
        await context.store.persist();
        reply(200, answer);
        return;
      }
      throw new RazorpayError(400, 'The requested URL was not found on the server.');
    } catch (error) {
      if (error instanceof RazorpayError) reply(error.status, error.body());
      else reply(500, { error: { code: 'SERVER_ERROR', description: error instanceof Error ? error.message : String(error) } });
    }
  }

  const server = createServer((request, response) => void serve(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(access.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}
