import { join } from 'node:path';
import { ConfigError } from '@betterplus/kit';
import type { BillingConfig } from '../../config.ts';
import { plans } from '../plans.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createRazorpayGateway } from './razorpay-gateway.ts';
import { startRazorpaySandbox, type RazorpaySandbox, type RazorpaySandboxOptions } from './razorpay-sandbox.ts';

export interface Payments {
  gateway: PaymentGateway;
  keySecret: string;
  webhookSecret: string;
  /** Present in TEST MODE only. */
  sandbox?: RazorpaySandbox;
}

// The sandbox's own keys: it moves no money, and production (which requires Razorpay's keys) never runs it.
const SANDBOX = { keyId: 'rzp_test_betterplus_sandbox', keySecret: 'sandbox-key-secret', webhookSecret: 'sandbox-webhook-secret', planId: 'plan_betterpluspremium' };

/**
 * The payment port's adapter, from configuration: Razorpay with its four settings, or else the
 * embedded sandbox, whose webhooks `deliverWebhook` hands to this service's own webhook route.
 */
export async function choosePayments(config: BillingConfig, deliverWebhook: RazorpaySandboxOptions['deliverWebhook']): Promise<Payments> {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, RAZORPAY_PLAN_ID: planId } = config;
  const timeoutMs = config.RAZORPAY_TIMEOUT_MS;
  if (keyId || keySecret || webhookSecret || planId) {
    if (!keyId || !keySecret || !webhookSecret || !planId) {
      throw new ConfigError('Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET and RAZORPAY_PLAN_ID: all four, or none for the sandbox');
    }
    return { gateway: createRazorpayGateway({ keyId, keySecret, planId, timeoutMs, apiUrl: config.RAZORPAY_API_URL, testMode: false }), keySecret, webhookSecret };
  }
  const sandbox = await startRazorpaySandbox({
    ...SANDBOX,
    amountPaise: plans.premium.pricePaise,
    stateFile: join(config.DATA_DIR, 'billing-razorpay-sandbox.json'),
    deliverWebhook,
  });
  return { gateway: createRazorpayGateway({ ...SANDBOX, timeoutMs, apiUrl: sandbox.url, testMode: true }), keySecret: SANDBOX.keySecret, webhookSecret: SANDBOX.webhookSecret, sandbox };
}
