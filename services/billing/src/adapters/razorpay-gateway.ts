import Razorpay from 'razorpay';
import type { Payments } from 'razorpay/dist/types/payments.js';
import type { Subscriptions } from 'razorpay/dist/types/subscriptions.js';
import {
  PaymentProviderError,
  type PaymentGateway,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from '../domain/payment-gateway.ts';

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  /** The monthly Premium plan (plan_...). */
  planId: string;
  /** Longest one call may take, connecting included. */
  timeoutMs: number;
  /** Where Razorpay's REST API is, without /v1: the embedded sandbox; Razorpay itself when absent. */
  apiUrl?: string;
  /** No money moves. Defaults to whether the key is a Razorpay test key (rzp_test_...). */
  testMode?: boolean;
}

/** Monthly cycles for ten years: Premium renews until the user cancels. */
const totalCount = 120;

const subscriptionStatuses = new Set<string>([
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'cancelled',
  'completed',
  'expired',
  'paused',
] satisfies ProviderSubscriptionStatus[]);
const paymentStatuses = new Set<string>(['created', 'authorized', 'captured', 'refunded', 'failed'] satisfies ProviderPaymentStatus[]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Razorpay's unix seconds as a Date; null stays null. */
const fromUnix = (seconds: number | null | undefined): Date | null => (seconds == null ? null : new Date(seconds * 1000));

/** The SDK's errors as the port's. */
function providerError(operation: string, error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  // The SDK's normalizeError throws { statusCode, error: { code, description } } when Razorpay answered.
  if (isRecord(error) && (typeof error.statusCode === 'number' || typeof error.statusCode === 'string')) {
    const statusCode = Number(error.statusCode);
    const detail = isRecord(error.error) ? `${String(error.error.code)}: ${String(error.error.description)}` : 'no error body';
    return new PaymentProviderError(`Razorpay ${operation} failed with HTTP ${statusCode} (${detail})`, Number.isInteger(statusCode) ? statusCode : undefined);
  }
  // With no response at all (refused, timed out, reset) normalizeError itself fails on
  // `err.response.status` and the SDK rejects with that TypeError, so the cause is lost.
  const reason = error instanceof TypeError ? 'no response (refused, timed out or dropped)' : error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Razorpay ${operation} failed: ${reason}`);
}

async function call<T>(operation: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(operation, error);
  }
}

function toSubscription(entity: Subscriptions.RazorpaySubscription): ProviderSubscription {
  // `paused` is a real status the SDK's type leaves out, hence the check against a string set.
  const status: string = entity.status;
  if (!subscriptionStatuses.has(status)) throw new PaymentProviderError(`Razorpay reported an unknown subscription status: ${status}`);
  const notes: Record<string, string> = {};
  // Razorpay sends empty notes as [] (its PHP heritage), so only an object has any.
  if (isRecord(entity.notes)) for (const [key, value] of Object.entries(entity.notes)) if (value != null) notes[key] = String(value);
  return {
    id: entity.id,
    planId: entity.plan_id,
    status: status as ProviderSubscriptionStatus,
    currentStart: fromUnix(entity.current_start),
    currentEnd: fromUnix(entity.current_end),
    endedAt: fromUnix(entity.ended_at),
    notes,
  };
}

function toPayment(entity: Payments.RazorpayPayment): ProviderPayment {
  if (!paymentStatuses.has(entity.status)) throw new PaymentProviderError(`Razorpay reported an unknown payment status: ${entity.status}`);
  return {
    id: entity.id,
    amountPaise: Number(entity.amount),
    currency: entity.currency,
    status: entity.status,
    subscriptionId: entity.subscription_id ?? null,
    createdAt: new Date(entity.created_at * 1000),
  };
}

/** The payment port on Razorpay's own SDK, pointed at Razorpay or at the embedded sandbox. */
export function createRazorpayGateway(options: RazorpayGatewayOptions): PaymentGateway {
  const razorpay = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  // The SDK fixes https://api.razorpay.com and sets no timeout; its axios instance (api.rq) is
  // not in its types, so reach it through a cast to set both.
  const { rq } = razorpay.api as unknown as { rq: { defaults: { timeout?: number; baseURL?: string } } };
  rq.defaults.timeout = options.timeoutMs;
  if (options.apiUrl !== undefined) rq.defaults.baseURL = options.apiUrl;

  return {
    keyId: options.keyId,
    testMode: options.testMode ?? options.keyId.startsWith('rzp_test_'),
    createSubscription: ({ userId }) =>
      call('create subscription', async () =>
        toSubscription(
          await razorpay.subscriptions.create({ plan_id: options.planId, total_count: totalCount, customer_notify: 1, notes: { user_id: userId } }),
        ),
      ),
    fetchSubscription: (id) => call('fetch subscription', async () => toSubscription(await razorpay.subscriptions.fetch(id))),
    cancelSubscription: (id) => call('cancel subscription', async () => toSubscription(await razorpay.subscriptions.cancel(id, true))),
    fetchPayment: (id) => call('fetch payment', async () => toPayment(await razorpay.payments.fetch(id))),
  };
}
