import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '@betterplus/kit';
import { billingSettings } from '../src/config.ts';

const production = {
  JWT_PUBLIC_KEY: 'a key',
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://db/billing',
  KAFKA_BROKERS: 'kafka:9092',
  REDIS_URL: 'redis://redis:6379',
  PUBLIC_URL: 'https://betterplus.example',
};

describe('billing settings', () => {
  it("refuses production without Razorpay's keys, webhook secret and plan, or without the supplier on invoices", () => {
    assert.throws(
      () => loadConfig(billingSettings, production),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        for (const setting of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'RAZORPAY_PLAN_ID', 'SUPPLIER_ADDRESS', 'SUPPLIER_GSTIN']) {
          assert.match(error.message, new RegExp(`${setting}: required in production`));
        }
        return true;
      },
    );
    const config = loadConfig(billingSettings, {
      ...production,
      RAZORPAY_KEY_ID: 'rzp_live_abc',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      RAZORPAY_PLAN_ID: 'plan_abc',
      SUPPLIER_ADDRESS: '1 MG Road, Bengaluru 560001',
      SUPPLIER_GSTIN: '29AAACR5055K1Z5',
    });
    assert.equal(config.RAZORPAY_API_URL, 'https://api.razorpay.com');
  });
});
