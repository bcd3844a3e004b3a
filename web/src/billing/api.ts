// The billing calls (spec section 7) and their answers' shapes, as queries the profile, the invoice
// page, the pricing cards and the checkout share: a change made by one is seen by all.
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, dataOf } from '../api/client.ts';
import type { Answer, Body } from '../api/contract.ts';

/** Displayed plans: the free plan is 'free' when chosen and 'basic' once held (spec section 3). */
export type HeldPlan = Subscription['plan'];
export type ChosenPlan = Body<'/api/subscription/create', 'post'>['plan'];

export type Subscription = Answer<'/api/subscription', 'get'>;

/** The answer to creating a premium subscription: what the provider's checkout opens with (testMode: the embedded sandbox, no real money). */
export type PremiumCheckout = Exclude<Answer<'/api/subscription/create', 'post'>, Subscription>;

/** What the provider's checkout hands back after a payment, passed on to verify-payment as is. */
export type PaymentConfirmation = Body<'/api/subscription/verify-payment', 'post'>;

export type BillingDetails = Answer<'/api/subscription/billing-details', 'get'>;

/** A state by its two-digit GST state code. */
export type IndianState = BillingDetails['states'][number];

/** Amounts are integer paise; local_tax names the state part: UTGST in union territories without a legislature. */
export type Invoice = Answer<'/api/invoices/{id}', 'get'>;

/** The signed-in user's subscription; null when there is none (404). */
export const subscriptionQuery = queryOptions({
  queryKey: ['subscription'],
  queryFn: async (): Promise<Subscription | null> => {
    try {
      return await dataOf(api.GET('/api/subscription'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

/** Chooses a plan: free answers the subscription at once, premium what the provider's checkout opens with. */
export async function createSubscription(plan: 'free'): Promise<Subscription>;
export async function createSubscription(plan: 'premium'): Promise<PremiumCheckout>;
export async function createSubscription(plan: ChosenPlan) {
  return dataOf(api.POST('/api/subscription/create', { body: { plan } }));
}

export const invoicesQuery = queryOptions({
  queryKey: ['invoices'],
  queryFn: () => dataOf(api.GET('/api/invoices')),
});

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: ['invoices', id],
    // Read as the server reads it (a number); an id that is none is refused there, as before.
    queryFn: () => dataOf(api.GET('/api/invoices/{id}', { params: { path: { id: Number(id) } } })),
  });

/** An invoice as the server's PDF, fetched with the token (a plain link would go without it). */
export const invoicePdf = (id: number) =>
  dataOf(api.GET('/api/invoices/{id}/pdf', { params: { path: { id } }, headers: { Accept: 'application/pdf' }, parseAs: 'blob' }));

export const billingDetailsQuery = queryOptions({
  queryKey: ['billing-details'],
  queryFn: () => dataOf(api.GET('/api/subscription/billing-details')),
  staleTime: Infinity,
});

/** Premium counts as held only when its plan is premium and it is active (spec section 4). */
export function premiumActive(subscription: Subscription | null | undefined): boolean {
  return subscription?.plan === 'premium' && subscription.active;
}
