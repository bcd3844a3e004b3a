import { Type, baseSettings, requiredInProduction, type Static } from '@betterplus/kit';
import type { Supplier } from './domain/supplier.ts';

export const billingSettings = Type.Object({
  ...baseSettings,
  /**
   * Razorpay's API keys, webhook secret and the id of the monthly Premium plan. Without them
   * billing runs the embedded sandbox (TEST MODE): a local server that speaks Razorpay's
   * protocol, so no money moves; production refuses to start without them.
   */
  RAZORPAY_KEY_ID: Type.Optional(Type.String({ minLength: 1, [requiredInProduction]: true })),
  RAZORPAY_KEY_SECRET: Type.Optional(Type.String({ minLength: 1, [requiredInProduction]: true })),
  RAZORPAY_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 1, [requiredInProduction]: true })),
  RAZORPAY_PLAN_ID: Type.Optional(Type.String({ minLength: 1, [requiredInProduction]: true })),
  /** Razorpay's API address; another only for a local stand-in that speaks its protocol (tests). */
  RAZORPAY_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.razorpay.com' }),
  /** Longest a call to Razorpay may take. */
  RAZORPAY_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  /** How often the scheduler looks for plans that end (expiries, Basic's monthly renewal). */
  SCHEDULER_INTERVAL_MS: Type.Integer({ minimum: 100, default: 60_000 }),
  /** The supplier on tax invoices (CGST Rule 46): legal name, address, GSTIN and state. */
  SUPPLIER_NAME: Type.String({ minLength: 1, default: 'Better+' }),
  SUPPLIER_ADDRESS: Type.Optional(Type.String({ minLength: 1, [requiredInProduction]: true })),
  SUPPLIER_GSTIN: Type.Optional(Type.String({ pattern: '^[0-9]{2}[A-Z0-9]{13}$', [requiredInProduction]: true })),
  /** The supplier's state, as a GST state code (29 is Karnataka); it decides CGST+SGST or IGST. */
  SUPPLIER_STATE_CODE: Type.String({ pattern: '^[0-9]{2}$', default: '29' }),
});

export type BillingConfig = Static<typeof billingSettings>;

export const supplierOf = (config: BillingConfig): Supplier => ({
  name: config.SUPPLIER_NAME,
  address: config.SUPPLIER_ADDRESS ?? null,
  gstin: config.SUPPLIER_GSTIN ?? null,
  stateCode: config.SUPPLIER_STATE_CODE,
});
