/**
 * What the Razorpay sandbox (razorpay-sandbox.ts) knows: its subscriptions and payments, shaped as
 * Razorpay's entities (https://razorpay.com/docs/api/payments/subscriptions/,
 * https://razorpay.com/docs/api/payments/entity/), optionally kept in a JSON file.
 */
import { randomInt } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { addIndiaMonths } from '@betterplus/kit';
import type { ProviderPaymentStatus, ProviderSubscriptionStatus } from '../domain/payment-gateway.ts';

export interface SubscriptionEntity {
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

export interface PaymentEntity {
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
export class RazorpayError extends Error {
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
export const newId = (prefix: string): string => prefix + Array.from({ length: 14 }, () => alphabet[randomInt(alphabet.length)]).join('');

export const unix = (at: Date): number => Math.floor(at.getTime() / 1000);
const nextMonth = (seconds: number): number => unix(addIndiaMonths(new Date(seconds * 1000), 1));
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const truthy = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

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

export interface SandboxStore extends State {
  /** The subscription's record; Razorpay's 400 for an id it does not know. */
  find(id: string): State['subscriptions'][string];
  latestPayment(subscriptionId: string): PaymentEntity | undefined;
  /** Writes the whole state (when kept in a file), one write at a time. */
  persist(): Promise<void>;
  /** Settles once the last write started has. */
  saved(): Promise<void>;
}

/** The state kept in `stateFile`, read back from it when it exists; held in memory only without one. */
export async function openSandboxStore(stateFile: string | undefined): Promise<SandboxStore> {
  const state = await loadState(stateFile);
  let saving = Promise.resolve();
  return {
    ...state,
    find(id) {
      const record = state.subscriptions[id];
      if (!record) throw new RazorpayError(400, 'The id provided does not exist', 'id');
      return record;
    },
    latestPayment: (subscriptionId) =>
      Object.values(state.payments)
        .filter((payment) => payment.subscription_id === subscriptionId)
        .at(-1),
    persist() {
      if (!stateFile) return Promise.resolve();
      // Through a temporary file and a rename. A failed write fails its caller; the next one tries afresh with the whole state.
      saving = saving
        .catch(() => undefined)
        .then(async () => {
          await mkdir(dirname(stateFile), { recursive: true });
          await writeFile(`${stateFile}.tmp`, JSON.stringify(state));
          await rename(`${stateFile}.tmp`, stateFile);
        });
      return saving;
    },
    saved: () => saving,
  };
}

/** A subscription as Razorpay creates it: on `planId`, `created`, unpaid. */
export function newSubscription(
  planId: string,
  request: { totalCount: number; notes: Record<string, string | number> | undefined; customerNotify: boolean },
  now: Date,
): SubscriptionEntity {
  return {
    id: newId('sub_'),
    entity: 'subscription',
    plan_id: planId,
    customer_id: null,
    status: 'created',
    current_start: null,
    current_end: null,
    ended_at: null,
    quantity: 1,
    notes: request.notes ?? [],
    // Without start_at the subscription starts at its authorisation payment.
    charge_at: null,
    start_at: null,
    end_at: null,
    auth_attempts: 0,
    total_count: request.totalCount,
    paid_count: 0,
    customer_notify: request.customerNotify,
    created_at: unix(now),
    expire_by: null,
    short_url: null,
    has_scheduled_changes: false,
    change_scheduled_at: null,
    source: 'api',
    payment_method: null,
    offer_id: null,
    remaining_count: request.totalCount,
  };
}

/** A card payment of `amountPaise` for the subscription's cycle: captured, or failed at the bank. */
export function newPayment(subscription: SubscriptionEntity, amountPaise: number, captured: boolean, now: Date): PaymentEntity {
  const invoiceId = newId('inv_');
  return {
    id: newId('pay_'),
    entity: 'payment',
    amount: amountPaise,
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
    created_at: unix(now),
  };
}

/** A paid cycle from `start` (unix seconds) to one calendar month later, in India time. */
export function startCycle(subscription: SubscriptionEntity, start: number): void {
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
