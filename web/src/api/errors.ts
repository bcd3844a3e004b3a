// The one place that turns a failed call into the text a user sees (spec section 8). Pages name
// what they were doing; the rule decides whether the server's own `error` text may be shown.
import { ApiError } from './client.ts';

interface Rule {
  /** Shown when no more specific text applies. */
  fallback: string;
  /** Show the server's `error` field when it sent one. */
  serverText?: boolean;
  /** Fixed texts for particular HTTP statuses. */
  byStatus?: Partial<Record<number, string>>;
}

const PREMIUM_HELD = 'You already have an active premium subscription. You can switch to the free plan after your premium subscription ends or is cancelled.';

const rules = {
  signIn: { fallback: 'Failed to sign in. Please check your credentials.' },
  resetRequest: { fallback: 'Failed to send reset instructions. Please try again.' },
  signupInitiate: { fallback: 'Failed to send OTP', serverText: true },
  otpVerify: { fallback: 'Failed to verify OTP', serverText: true },
  otpResend: { fallback: 'Failed to resend OTP', serverText: true },
  googleConsent: { fallback: 'Google login failed' },
  googleExchange: { fallback: 'Failed to authenticate with Google' },
  resetPassword: { fallback: 'Failed to reset password', serverText: true },
  createSubscription: { fallback: 'Failed to create subscription. Please try again.' },
  // Choosing free while a Premium that is not cancelled runs is refused (409) with the spec's text.
  chooseFree: { fallback: 'Failed to create subscription. Please try again.', byStatus: { 409: PREMIUM_HELD } },
  verifyPayment: { fallback: 'Payment verification failed. Please try again.' },
  fetchUser: { fallback: 'Failed to fetch user data' },
  updateProfile: { fallback: 'Failed to update profile' },
  changePassword: { fallback: 'Failed to change password' },
  cancelSubscription: { fallback: 'Failed to cancel subscription' },
  fetchInvoice: { fallback: 'Failed to fetch invoice' },
  downloadInvoice: { fallback: 'Failed to download the invoice. Please try again.' },
  // An invalid GSTIN is answered 400 with an error that says what is wrong with it.
  saveBillingDetails: { fallback: 'Failed to save billing details', serverText: true },
  // A filter not in the server's lists (an edited or outdated address) is refused with 400.
  browseKnowledge: {
    fallback: 'Failed to load the knowledge base. Please try again.',
    byStatus: { 400: 'This address filters by something the knowledge base does not know. Clear the filters to see every entry.' },
  },
  fetchKnowledgeEntry: { fallback: 'Failed to load this entry. Please try again.' },
  contact: { fallback: 'Failed to send your message. Please try again later.', serverText: true },
  rateAnswer: { fallback: 'Your feedback could not be saved. Please try again.' },
  adminSignIn: { fallback: 'An error occurred. Please try again.', byStatus: { 401: 'Invalid credentials' } },
  adminDashboard: { fallback: 'Failed to fetch data. Please check your credentials.' },
  adminUsers: { fallback: 'Failed to fetch subscriptions data' },
  adminExport: { fallback: 'Failed to export subscriptions data' },
  adminAnalytics: { fallback: 'Failed to fetch analytics data' },
} satisfies Record<string, Rule>;

export type ErrorContext = keyof typeof rules;

/** The user-facing message for `error`, raised while doing `context`. */
export function errorMessage(context: ErrorContext, error: unknown): string {
  const rule: Rule = rules[context];
  if (error instanceof ApiError) {
    const statusText = rule.byStatus?.[error.status];
    if (statusText !== undefined) return statusText;
    if (rule.serverText === true && error.serverMessage) return error.serverMessage;
  }
  return rule.fallback;
}
