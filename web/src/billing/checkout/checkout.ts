// Choosing a plan (spec section 4, Plan selection), loaded only when a pricing card is clicked.
// Free: create it. Premium: create it, take the payment in Razorpay's checkout (or the embedded
// sandbox's test checkout), then verify the payment. Either way the subscription, the invoices
// and the chat's allowance are refreshed; the caller then goes to /chat.
import type { QueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { queriesLeftQuery } from '../../pages/assistant/chat/chatApi.ts';
import {
  createSubscription,
  invoicesQuery,
  subscriptionQuery,
  type ChosenPlan,
  type PaymentConfirmation,
  type PremiumCheckout,
  type Subscription,
} from '../api.ts';
import { payWithRazorpay } from './razorpay.ts';

export type CheckoutOutcome =
  | { kind: 'subscribed'; subscription: Subscription }
  /** The buyer closed the checkout without paying. */
  | { kind: 'dismissed' }
  | { kind: 'failed'; message: string };

export interface CheckoutOptions {
  queryClient: QueryClient;
  /** Prefilled in the provider's checkout. */
  email: string;
  /** Shows the sandbox's test checkout; resolves with its payment, or null when cancelled. */
  openTestCheckout: (subscriptionId: string) => Promise<PaymentConfirmation | null>;
}

export async function checkout(plan: ChosenPlan, options: CheckoutOptions): Promise<CheckoutOutcome> {
  const outcome = await choose(plan, options);
  if (outcome.kind === 'subscribed') await refresh(options.queryClient, outcome.subscription);
  return outcome;
}

async function choose(plan: ChosenPlan, options: CheckoutOptions): Promise<CheckoutOutcome> {
  if (plan === 'free') {
    try {
      return { kind: 'subscribed', subscription: await createSubscription('free') };
    } catch (error) {
      return { kind: 'failed', message: errorMessage('chooseFree', error) };
    }
  }

  let created: PremiumCheckout;
  let confirmation: PaymentConfirmation | null;
  try {
    created = await createSubscription('premium');
    // A checkout that cannot open (its script blocked or offline) leaves nothing to pay with either.
    confirmation = created.testMode
      ? await options.openTestCheckout(created.id)
      : await payWithRazorpay({ keyId: created.keyId, subscriptionId: created.id, email: options.email });
  } catch (error) {
    return { kind: 'failed', message: errorMessage('createSubscription', error) };
  }
  return confirmation === null ? { kind: 'dismissed' } : confirmPayment(confirmation);
}

/** What both checkouts' handlers lead to: the server checks the payment's signature and grants Premium. */
async function confirmPayment(confirmation: PaymentConfirmation): Promise<CheckoutOutcome> {
  try {
    return { kind: 'subscribed', subscription: await dataOf(api.POST('/api/subscription/verify-payment', { body: confirmation })) };
  } catch (error) {
    return { kind: 'failed', message: errorMessage('verifyPayment', error) };
  }
}

/** The answer is the new subscription; the invoices (a new one after a payment) and the chat's allowance are asked again. */
async function refresh(queryClient: QueryClient, subscription: Subscription): Promise<void> {
  queryClient.setQueryData(subscriptionQuery.queryKey, subscription);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: invoicesQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: queriesLeftQuery.queryKey }),
  ]);
}
