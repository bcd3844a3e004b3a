// Razorpay's own checkout (spec section 7): its script, loaded once on the first premium checkout,
// opened with the subscription the server created. Nothing of it loads before a card is clicked.
import { brandColor } from '../../app/theme.ts';
import type { PaymentConfirmation } from '../api.ts';

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The options of Razorpay's Checkout this app uses (https://razorpay.com/docs/payments/subscriptions/integration-guide/). */
interface RazorpayOptions {
  key: string;
  subscription_id: string;
  name: string;
  description: string;
  prefill: { email: string };
  theme: { color: string };
  handler: (confirmation: PaymentConfirmation) => void;
  modal: { ondismiss: () => void };
}

type RazorpayCheckout = new (options: RazorpayOptions) => { open: () => void };

declare global {
  interface Window {
    Razorpay?: RazorpayCheckout;
  }
}

let loading: Promise<RazorpayCheckout> | null = null;

/** The Razorpay constructor, its script added to the page on the first call; a failed load is tried again next time. */
function loadRazorpay(): Promise<RazorpayCheckout> {
  loading ??= new Promise<RazorpayCheckout>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new Error('checkout.js loaded without defining Razorpay'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`could not load ${SCRIPT_URL}`));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Opens Razorpay's checkout; resolves with what its handler receives, or null when the buyer closes it. */
export async function payWithRazorpay({
  keyId,
  subscriptionId,
  email,
}: {
  keyId: string;
  subscriptionId: string;
  email: string;
}): Promise<PaymentConfirmation | null> {
  const Razorpay = await loadRazorpay();
  return new Promise((resolve) => {
    new Razorpay({
      key: keyId,
      subscription_id: subscriptionId,
      name: 'Better+',
      description: 'Premium Plan Subscription - You can cancel anytime',
      prefill: { email },
      theme: { color: brandColor },
      handler: resolve,
      modal: {
        ondismiss: () => {
          resolve(null);
        },
      },
    }).open();
  });
}
