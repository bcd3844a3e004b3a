import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError, Type, keptSecrets } from '@betterplus/kit';
import type { BillingConfig } from '../config.ts';
import { plans } from '../domain/plans.ts';
import type { PaymentGateway } from '../domain/payment-gateway.ts';
import { createRazorpayGateway } from './razorpay-gateway.ts';
import { startRazorpaySandbox, type RazorpaySandbox, type RazorpaySandboxOptions } from './razorpay-sandbox.ts';

export interface Payments {
  gateway: PaymentGateway;
  keySecret: string;
  webhookSecret: string;
  /** The monthly Premium plan every charge must be on. */
  planId: string;
  /** Present in TEST MODE only. */
  sandbox?: RazorpaySandbox;
}

// The sandbox's public names; its secrets are made per install (sandboxSecrets).
const SANDBOX = { keyId: 'rzp_test_betterplus_sandbox', planId: 'plan_betterpluspremium' };

const SandboxSecrets = Type.Object({ keySecret: Type.String({ minLength: 32 }), webhookSecret: Type.String({ minLength: 32 }) });

/**
 * The sandbox's key secret and webhook secret: made on an install's first start and kept in
 * `<DATA_DIR>/keys/billing-razorpay-sandbox.json`, like the embedded stack's signing keys, so
 * nobody can sign a checkout or a webhook with a secret read from the source.
 */
const sandboxSecrets = async (dataDir: string) =>
  (
    await keptSecrets(dataDir, 'billing-razorpay-sandbox', SandboxSecrets, () => ({
      keySecret: randomBytes(32).toString('base64url'),
      webhookSecret: randomBytes(32).toString('base64url'),
    }))
  ).secrets;

/**
 * The payment port's adapter, from configuration: Razorpay with its four settings, or else the
 * embedded sandbox, whose webhooks `deliverWebhook` hands to this service's own webhook route.
 */
export async function choosePayments(config: BillingConfig, deliverWebhook: RazorpaySandboxOptions['deliverWebhook']): Promise<Payments> {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret, RAZORPAY_PLAN_ID: planId } = config;
  const timeoutMs = config.RAZORPAY_TIMEOUT_MS;
  if (keyId || keySecret || webhookSecret || planId) {
    if (!keyId || !keySecret || !webhookSecret || !planId) {
      throw new ConfigError(
        'Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET and RAZORPAY_PLAN_ID: all four, or none for the sandbox',
      );
    }
    return {
      gateway: createRazorpayGateway({ keyId, keySecret, planId, timeoutMs, apiUrl: config.RAZORPAY_API_URL, testMode: false }),
      keySecret,
      webhookSecret,
      planId,
    };
  }
  const secrets = await sandboxSecrets(config.DATA_DIR);
  const sandbox = await startRazorpaySandbox({
    ...SANDBOX,
    ...secrets,
    amountPaise: plans.premium.pricePaise,
    stateFile: join(config.DATA_DIR, 'billing-razorpay-sandbox.json'),
    deliverWebhook,
  });
  return {
    gateway: createRazorpayGateway({ ...SANDBOX, ...secrets, timeoutMs, apiUrl: sandbox.url, testMode: true }),
    ...secrets,
    planId: SANDBOX.planId,
    sandbox,
  };
}
