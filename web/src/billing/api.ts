// The billing calls (spec section 7) and their answers' shapes, as queries the profile, the invoice
// page, the pricing cards and the checkout share: a change made by one is seen by all.
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../api/client.ts';

/** Displayed plans: the free plan is 'free' when chosen and 'basic' once held (spec section 3). */
export type HeldPlan = 'basic' | 'premium';
export type ChosenPlan = 'free' | 'premium';

export interface Subscription {
  plan: HeldPlan;
  active: boolean;
  status: 'active' | 'cancelled' | 'halted' | 'expired';
  queriesUsed: number;
  queriesLimit: number;
  /** ISO timestamp. */
  endDate: string;
}

/** The answer to creating a premium subscription: what the provider's checkout opens with. */
export interface PremiumCheckout {
  id: string;
  keyId: string;
  /** The embedded sandbox stands in for the provider: no real money, no provider script. */
  testMode: boolean;
}

/** What the provider's checkout hands back after a payment, passed on to verify-payment as is. */
export interface PaymentConfirmation {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

export interface IndianState {
  /** The two-digit GST state code. */
  code: string;
  name: string;
}

export interface BillingDetails {
  stateCode: string | null;
  gstin: string | null;
  states: IndianState[];
}

/** Amounts are integer paise. */
export interface Invoice {
  id: number;
  number: string;
  amount: number;
  created_at: string;
  plan: string;
  payment_id: string;
  currency: string;
  period_start: string;
  period_end: string;
  sac: string;
  taxable_amount: number;
  /** local_tax names the state part: UTGST in union territories without a legislature. */
  tax: { rate: number; cgst: number; sgst: number; igst: number; local_tax: 'SGST' | 'UTGST' };
  place_of_supply: IndianState;
  supplier: { name: string; address: string | null; gstin: string | null; state: IndianState };
  buyer: { name: string; email: string; gstin: string | null; state: IndianState | null };
  amount_in_words: string;
}

/** The signed-in user's subscription; null when there is none (404). */
export const subscriptionQuery = queryOptions({
  queryKey: ['subscription'],
  queryFn: async (): Promise<Subscription | null> => {
    try {
      return await api.get<Subscription>('/api/subscription');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export const invoicesQuery = queryOptions({
  queryKey: ['invoices'],
  queryFn: () => api.get<Invoice[]>('/api/invoices'),
});

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: ['invoices', id],
    queryFn: () => api.get<Invoice>(`/api/invoices/${encodeURIComponent(id)}`),
  });

export const billingDetailsQuery = queryOptions({
  queryKey: ['billing-details'],
  queryFn: () => api.get<BillingDetails>('/api/subscription/billing-details'),
  staleTime: Infinity,
});

/** Premium counts as held only when its plan is premium and it is active (spec section 4). */
export function premiumActive(subscription: Subscription | null | undefined): boolean {
  return subscription?.plan === 'premium' && subscription.active;
}
