/**
 * The payment port: the provider's subscriptions and payments, as billing uses them. Two
 * adapters, both on the `razorpay` SDK: Razorpay itself, and the embedded sandbox (a local
 * server that speaks Razorpay's REST protocol and signs like it). Amounts are integer paise.
 */

/** Razorpay's subscription states (https://razorpay.com/docs/payments/subscriptions/states/). */
export type ProviderSubscriptionStatus = 'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired' | 'paused';

export interface ProviderSubscription {
  /** sub_... */
  id: string;
  planId: string;
  status: ProviderSubscriptionStatus;
  /** The paid cycle, once the first charge has gone through. */
  currentStart: Date | null;
  currentEnd: Date | null;
  /** Razorpay's cancel_at_cycle_end / scheduled cancellation. */
  endedAt: Date | null;
  notes: Record<string, string>;
}

export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface ProviderPayment {
  /** pay_... */
  id: string;
  amountPaise: number;
  currency: string;
  status: ProviderPaymentStatus;
  /** The subscription the payment was for, when the provider names it (sub_...). */
  subscriptionId: string | null;
  createdAt: Date;
}

export interface PaymentGateway {
  /** The public key the checkout opens with. */
  readonly keyId: string;
  /** The embedded sandbox: no money moves, and the web app opens its TEST MODE checkout instead of Razorpay's. */
  readonly testMode: boolean;
  /** A monthly subscription to the Premium plan, carrying the user's id in its notes. */
  createSubscription(input: { userId: string }): Promise<ProviderSubscription>;
  fetchSubscription(id: string): Promise<ProviderSubscription>;
  /** At the end of the paid cycle (Razorpay's cancel_at_cycle_end). */
  cancelSubscription(id: string): Promise<ProviderSubscription>;
  fetchPayment(id: string): Promise<ProviderPayment>;
}

/** The provider failed or could not be reached (a 5xx, a timeout, a refused connection). */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  /** The provider's HTTP status, when it answered. */
  readonly statusCode?: number;
  // A declared field rather than a parameter property: Node's type stripping cannot run those.
  constructor(message: string, statusCode?: number) {
    super(message);
    this.statusCode = statusCode;
  }
}
