/**
 * The embedded sandbox: a local stand-in for Razorpay in TEST MODE. It speaks Razorpay's REST
 * protocol for exactly what the adapter calls (so the same SDK talks to it), completes checkouts
 * as Razorpay's would, and signs and delivers the webhooks that follow. A fake of an outside
 * provider, kept small: the entity shapes follow Razorpay's documentation
 * (https://razorpay.com/docs/api/payments/subscriptions/, https://razorpay.com/docs/api/payments/entity/,
 * https://razorpay.com/docs/webhooks/subscriptions/).
 */
import { createHash, randomInt } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { addIndiaMonths } from '@betterplus/kit';
import { razorpaySignature } from '../domain/signatures.ts';
import type { ProviderPaymentStatus, ProviderSubscriptionStatus } from '../domain/payment-gateway.ts';

export const SUBSCRIPTION_EVENTS = [
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
  'subscription.paused',
  'subscription.resumed',
  'subscription.updated',
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

/** One webhook delivery exactly as sent: replaying it keeps its event id. */
export interface SandboxWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

/** What Razorpay's checkout hands the browser after a subscription's first payment. */
export interface CheckoutResult {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

export interface RazorpaySandboxOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The one plan it knows (plan_...). */
  planId: string;
  /** What each cycle charges. */
  amountPaise: number;
  /** Hands a signed webhook to the receiver; rejects when the receiver refuses it. */
  deliverWebhook: (rawBody: string, headers: Record<string, string>) => Promise<void>;
  now?: () => Date;
  /** Keeps subscriptions and payments in this JSON file, so a restart does not forget them. */
  stateFile?: string;
  /** 0 (the default) picks a free one. */
  port?: number;
}

export interface RazorpaySandbox {
  /** Base URL for the adapter's apiUrl (without /v1). */
  readonly url: string;
  /**
   * Completes the checkout: a captured first payment, the subscription active for one calendar
   * month from now. Delivers subscription.activated and subscription.charged before it returns;
   * a receiver that refuses them does not fail the checkout (as with Razorpay, which retries later).
   */
  pay(subscriptionId: string): Promise<CheckoutResult>;
  /** The next cycle's charge and its subscription.charged; answers the payment id. */
  renew(subscriptionId: string): Promise<string>;
  /** A failed charge: payment.failed, then subscription.pending; answers the payment id. */
  failPayment(subscriptionId: string): Promise<string>;
  /** The event happens (state events set the status) and its webhook is delivered; rejects when refused. */
  sendEvent(event: SubscriptionEvent, subscriptionId: string, paymentId?: string): Promise<SandboxWebhook>;
  /** The event happens as with sendEvent, but its webhook is only built, for the caller to deliver. */
  webhook(event: SubscriptionEvent, subscriptionId: string, paymentId?: string): Promise<SandboxWebhook>;
  /** Stops serving once the webhooks it is still sending are out; a second call waits for the first. */
  close(): Promise<void>;
}

interface SubscriptionEntity {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: ProviderSubscriptionStatus;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Record<string, string | number> | [];
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string | null;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  source: string;
  payment_method: string | null;
  offer_id: string | null;
  remaining_count: number;
}

interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: ProviderPaymentStatus;
  order_id: string;
  invoice_id: string;
  /** Razorpay's payment type (razorpay-node's Payments.RazorpayPayment) carries it; the docs' samples do not show it. */
  subscription_id: string;
  international: boolean;
  method: 'card';
  amount_refunded: number;
  refund_status: null;
  captured: boolean;
  description: string;
  card_id: string;
  customer_id: string | null;
  notes: [];
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

interface State {
  /** cancelAtCycleEnd: Razorpay shows a scheduled cancellation nowhere in the entity, so it lives beside it. */
  subscriptions: Record<string, { entity: SubscriptionEntity; cancelAtCycleEnd: boolean }>;
  payments: Record<string, PaymentEntity>;
}

/** Razorpay's error body (https://razorpay.com/docs/errors/). */
class RazorpayError extends Error {
  readonly status: number;
  readonly field: string | null;
  constructor(status: number, description: string, field: string | null = null) {
    super(description);
    this.status = status;
    this.field = field;
  }
  body(): object {
    return { error: { code: 'BAD_REQUEST_ERROR', description: this.message, field: this.field, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } };
  }
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay's ids: a prefix and 14 alphanumerics. */
const newId = (prefix: string): string => prefix + Array.from({ length: 14 }, () => alphabet[randomInt(alphabet.length)]).join('');

const unix = (at: Date): number => Math.floor(at.getTime() / 1000);
const nextMonth = (seconds: number): number => unix(addIndiaMonths(new Date(seconds * 1000), 1));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const truthy = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/** The status each state event leaves the subscription in. */
const statusAfter: Partial<Record<SubscriptionEvent, ProviderSubscriptionStatus>> = {
  'subscription.authenticated': 'authenticated',
  'subscription.activated': 'active',
  'subscription.pending': 'pending',
  'subscription.halted': 'halted',
  'subscription.cancelled': 'cancelled',
  'subscription.completed': 'completed',
  'subscription.paused': 'paused',
  'subscription.resumed': 'active',
};
/** Events whose payload carries the payment that led to them, as Razorpay's do. */
const carriesPayment = new Set<SubscriptionEvent>(['subscription.activated', 'subscription.charged', 'subscription.pending']);

async function loadState(stateFile: string | undefined): Promise<State> {
  if (!stateFile) return { subscriptions: {}, payments: {} };
  try {
    const state: unknown = JSON.parse(await readFile(stateFile, 'utf8'));
    if (!isRecord(state) || !isRecord(state.subscriptions) || !isRecord(state.payments)) throw new Error(`${stateFile} is not a sandbox state file`);
    return state as unknown as State;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { subscriptions: {}, payments: {} };
    throw error;
  }
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

export async function startRazorpaySandbox(options: RazorpaySandboxOptions): Promise<RazorpaySandbox> {
  const clock = options.now ?? (() => new Date());
  const state = await loadState(options.stateFile);
  // Stable across restarts, so webhooks keep naming the same account.
  const accountId = `acc_${createHash('sha256').update(options.keyId).digest('hex').slice(0, 14)}`;
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const background = new Set<Promise<void>>();

  let saving = Promise.resolve();
  /** Writes the whole state, one write at a time, through a temporary file and a rename. */
  const persist = (): Promise<void> => {
    const { stateFile } = options;
    if (!stateFile) return Promise.resolve();
    // A failed write fails its caller; the next one tries afresh with the whole state.
    saving = saving.catch(() => undefined).then(async () => {
      await mkdir(dirname(stateFile), { recursive: true });
      await writeFile(`${stateFile}.tmp`, JSON.stringify(state));
      await rename(`${stateFile}.tmp`, stateFile);
    });
    return saving;
  };

  const find = (id: string) => {
    const record = state.subscriptions[id];
    if (!record) throw new RazorpayError(400, 'The id provided does not exist', 'id');
    return record;
  };
  const latestPayment = (subscriptionId: string): PaymentEntity | undefined =>
    Object.values(state.payments)
      .filter((payment) => payment.subscription_id === subscriptionId)
      .at(-1);

  function newPayment(subscription: SubscriptionEntity, captured: boolean): PaymentEntity {
    const invoiceId = newId('inv_');
    const payment: PaymentEntity = {
      id: newId('pay_'),
      entity: 'payment',
      amount: options.amountPaise,
      currency: 'INR',
      status: captured ? 'captured' : 'failed',
      order_id: newId('order_'),
      invoice_id: invoiceId,
      subscription_id: subscription.id,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured,
      description: `#${invoiceId.slice('inv_'.length)}`,
      card_id: newId('card_'),
      customer_id: subscription.customer_id,
      notes: [],
      error_code: captured ? null : 'BAD_REQUEST_ERROR',
      error_description: captured ? null : 'Payment failed',
      error_source: captured ? null : 'bank',
      error_step: captured ? null : 'payment_authorization',
      error_reason: captured ? null : 'payment_failed',
      created_at: unix(clock()),
    };
    state.payments[payment.id] = payment;
    return payment;
  }

  /** A paid cycle from `start` (unix seconds) to one calendar month later, in India time. */
  function startCycle(subscription: SubscriptionEntity, start: number): void {
    subscription.status = 'active';
    subscription.current_start = start;
    subscription.current_end = nextMonth(start);
    subscription.charge_at = subscription.current_end;
    subscription.start_at ??= start;
    subscription.end_at ??= unix(addIndiaMonths(new Date(start * 1000), subscription.total_count));
    subscription.paid_count += 1;
    subscription.remaining_count = subscription.total_count - subscription.paid_count;
    subscription.auth_attempts = 0;
  }

  /** Signs a snapshot of the entities as they are now. */
  function build(event: string, subscription: SubscriptionEntity | undefined, payment: PaymentEntity | undefined): SandboxWebhook {
    const contains = [...(subscription ? ['subscription'] : []), ...(payment ? ['payment'] : [])];
    const payload = { ...(subscription && { subscription: { entity: subscription } }), ...(payment && { payment: { entity: payment } }) };
    const rawBody = JSON.stringify({ entity: 'event', account_id: accountId, event, contains, payload, created_at: unix(clock()) });
    return {
      rawBody,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': razorpaySignature(options.webhookSecret, rawBody), 'x-razorpay-event-id': newId('') },
    };
  }

  /** Delivers in order; a refusal is the receiver's to notice (Razorpay would retry), not the caller's. */
  async function deliverQuietly(...webhooks: SandboxWebhook[]): Promise<void> {
    for (const { rawBody, headers } of webhooks) await options.deliverWebhook(rawBody, headers).catch(() => undefined);
  }

  function inBackground(work: Promise<void>): void {
    background.add(work);
    void work.finally(() => background.delete(work));
  }

  async function happen(event: SubscriptionEvent, subscriptionId: string, paymentId?: string): Promise<SandboxWebhook> {
    const record = find(subscriptionId);
    const subscription = record.entity;
    let payment: PaymentEntity | undefined;
    if (paymentId !== undefined) {
      payment = state.payments[paymentId];
      if (payment?.subscription_id !== subscriptionId) throw new Error(`payment ${paymentId} is not a payment of ${subscriptionId}`);
    } else if (carriesPayment.has(event)) {
      payment = latestPayment(subscriptionId);
    }
    const status = statusAfter[event];
    if (status) subscription.status = status;
    if (status === 'cancelled' || status === 'completed') {
      // A cancellation scheduled for the cycle's end takes effect then; any other, now.
      subscription.ended_at = record.cancelAtCycleEnd && subscription.current_end !== null ? subscription.current_end : unix(clock());
      subscription.charge_at = null;
    }
    await persist();
    return build(event, subscription, payment);
  }

  const routes: { method: string; path: RegExp; handle: (id: string, body: Record<string, unknown>) => object }[] = [
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      handle: (_id, body) => {
        if (body.plan_id !== options.planId) throw new RazorpayError(400, 'The id provided does not exist', 'plan_id');
        const totalCount = Number(body.total_count);
        if (!Number.isInteger(totalCount) || totalCount < 1) throw new RazorpayError(400, 'The total count must be at least 1.', 'total_count');
        if (body.notes !== undefined && !isRecord(body.notes)) throw new RazorpayError(400, 'The notes must be an object.', 'notes');
        const subscription: SubscriptionEntity = {
          id: newId('sub_'),
          entity: 'subscription',
          plan_id: options.planId,
          customer_id: null,
          status: 'created',
          current_start: null,
          current_end: null,
          ended_at: null,
          quantity: 1,
          notes: (body.notes as Record<string, string | number> | undefined) ?? [],
          // Without start_at the subscription starts at its authorisation payment.
          charge_at: null,
          start_at: null,
          end_at: null,
          auth_attempts: 0,
          total_count: totalCount,
          paid_count: 0,
          customer_notify: body.customer_notify === undefined || truthy(body.customer_notify),
          created_at: unix(clock()),
          expire_by: null,
          short_url: null,
          has_scheduled_changes: false,
          change_scheduled_at: null,
          source: 'api',
          payment_method: null,
          offer_id: null,
          remaining_count: totalCount,
        };
        state.subscriptions[subscription.id] = { entity: subscription, cancelAtCycleEnd: false };
        return subscription;
      },
    },
    { method: 'GET', path: /^\/v1\/subscriptions\/([^/]+)$/, handle: (id) => find(id).entity },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions\/([^/]+)\/cancel$/,
      handle: (id, body) => {
        const record = find(id);
        const subscription = record.entity;
        if (!['created', 'authenticated', 'active', 'pending', 'halted', 'paused'].includes(subscription.status)) {
          throw new RazorpayError(400, `Subscription is not cancellable in ${subscription.status} status.`, 'status');
        }
        if (truthy(body.cancel_at_cycle_end) && subscription.current_end !== null) {
          // Razorpay answers the subscription unchanged: still active, ended_at null, no scheduled change shown.
          record.cancelAtCycleEnd = true;
        } else {
          subscription.status = 'cancelled';
          subscription.ended_at = unix(clock());
          subscription.charge_at = null;
          inBackground(deliverQuietly(build('subscription.cancelled', subscription, undefined)));
        }
        return subscription;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payments\/([^/]+)$/,
      handle: (id) => {
        const payment = state.payments[id];
        if (!payment) throw new RazorpayError(400, 'The id provided does not exist', 'id');
        return payment;
      },
    },
  ];

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
        await persist();
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
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,

    async pay(subscriptionId) {
      const subscription = find(subscriptionId).entity;
      if (subscription.status !== 'created' && subscription.status !== 'authenticated') {
        throw new Error(`subscription ${subscriptionId} is ${subscription.status}: only a created or authenticated one can be paid`);
      }
      subscription.customer_id ??= newId('cust_');
      subscription.payment_method = 'card';
      const payment = newPayment(subscription, true);
      startCycle(subscription, unix(clock()));
      await persist();
      await deliverQuietly(build('subscription.activated', subscription, payment), build('subscription.charged', subscription, payment));
      return { razorpay_payment_id: payment.id, razorpay_subscription_id: subscription.id, razorpay_signature: razorpaySignature(options.keySecret, `${payment.id}|${subscription.id}`) };
    },

    async renew(subscriptionId) {
      const record = find(subscriptionId);
      const subscription = record.entity;
      if (record.cancelAtCycleEnd) throw new Error(`subscription ${subscriptionId} is cancelled at its cycle's end and does not renew`);
      if (!['active', 'pending', 'halted'].includes(subscription.status)) throw new Error(`subscription ${subscriptionId} is ${subscription.status} and does not renew`);
      const reactivated = subscription.status !== 'active';
      const payment = newPayment(subscription, true);
      startCycle(subscription, subscription.current_end ?? unix(clock()));
      await persist();
      const charged = build('subscription.charged', subscription, payment);
      await (reactivated ? deliverQuietly(build('subscription.activated', subscription, payment), charged) : deliverQuietly(charged));
      return payment.id;
    },

    async failPayment(subscriptionId) {
      const subscription = find(subscriptionId).entity;
      if (subscription.status !== 'active' && subscription.status !== 'pending') throw new Error(`subscription ${subscriptionId} is ${subscription.status}: there is no charge to fail`);
      const payment = newPayment(subscription, false);
      subscription.status = 'pending';
      subscription.auth_attempts += 1;
      await persist();
      await deliverQuietly(build('payment.failed', undefined, payment), build('subscription.pending', subscription, payment));
      return payment.id;
    },

    async sendEvent(event, subscriptionId, paymentId) {
      const webhook = await happen(event, subscriptionId, paymentId);
      await options.deliverWebhook(webhook.rawBody, webhook.headers);
      return webhook;
    },

    webhook: happen,

    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve, reject) => {
          server.close((error) => {
            if (error) reject(error);
            else resolve();
          });
          server.closeAllConnections();
        });
        await Promise.all(background);
        await saving;
      })();
      return closing;
    },
  };
}
