import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredMail } from '@betterplus/kit';
import { eventually } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../../src/embedded-stack.ts';
import { signUpWithCode } from './signup.ts';

/** The embedded sandbox's plan (billing's adapters/choose-payments.ts): not a secret. */
export const SANDBOX_PLAN_ID = 'plan_betterpluspremium';
/** The Premium price, in paise. */
export const PREMIUM_PAISE = 249_900;

/** The secrets billing made for its sandbox on its first start over `dataDir`, kept there. */
export async function sandboxSecrets(dataDir: string): Promise<{ keySecret: string; webhookSecret: string }> {
  const file = join(dataDir, 'keys', 'billing-razorpay-sandbox.json');
  return JSON.parse(await readFile(file, 'utf8')) as { keySecret: string; webhookSecret: string };
}

/** Posts `body` to billing's Razorpay webhook through the gateway, signed with `secret` as Razorpay signs. */
export function postWebhook(baseUrl: string, body: object, secret: string, eventId = `evt_${randomBytes(7).toString('hex')}`): Promise<Response> {
  const rawBody = JSON.stringify(body);
  return fetch(`${baseUrl}/api/billing/webhooks/razorpay`, {
    method: 'POST',
    body: rawBody,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(rawBody).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
  });
}

/** A Razorpay event about `subscriptionId` as Razorpay sends it, with a captured payment of `payment` (the plan's price in rupees unless changed). */
export function razorpayEvent(event: string, subscriptionId: string, change: { status?: string; paymentId?: string; amount?: number; currency?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    entity: 'event',
    event,
    contains: ['subscription', 'payment'],
    created_at: now,
    payload: {
      subscription: {
        entity: {
          id: subscriptionId,
          entity: 'subscription',
          plan_id: SANDBOX_PLAN_ID,
          status: change.status ?? 'active',
          current_start: now,
          current_end: now + 30 * 86_400,
        },
      },
      payment: {
        entity: {
          id: change.paymentId ?? `pay_${randomBytes(7).toString('hex')}`,
          entity: 'payment',
          amount: change.amount ?? PREMIUM_PAISE,
          currency: change.currency ?? 'INR',
          status: 'captured',
          subscription_id: subscriptionId,
        },
      },
    },
  };
}

/** A new account, signed up through the gateway with the emailed code, that has started a Premium checkout and not paid. */
export async function unpaidPremiumCheckout(stack: EmbeddedStack, name: string): Promise<{ auth: { authorization: string }; subscriptionId: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}@example.in`;
  const mailbox = async () => (await (await fetch(`${stack.url}/dev/mailbox.json`)).json()) as StoredMail[];
  const auth = { authorization: `Bearer ${await signUpWithCode(stack.url, { name, email, password: 'a long password' }, mailbox)}` };
  const created = await fetch(`${stack.url}/api/subscription/create`, {
    method: 'POST',
    body: JSON.stringify({ plan: 'premium' }),
    headers: { 'content-type': 'application/json', ...auth },
  });
  assert.equal(created.status, 200, await created.clone().text());
  return { auth, subscriptionId: ((await created.json()) as { id: string }).id };
}

/** The account's plan and how many invoices it has, through the gateway, once billing has learnt of the account. */
export function accountState(baseUrl: string, auth: { authorization: string }): Promise<{ plan: string; invoices: number }> {
  return eventually(async () => {
    const subscription = await fetch(`${baseUrl}/api/subscription`, { headers: auth });
    if (subscription.status === 404) return undefined;
    const invoices = (await (await fetch(`${baseUrl}/api/invoices`, { headers: auth })).json()) as unknown[];
    return { plan: ((await subscription.json()) as { plan: string }).plan, invoices: invoices.length };
  });
}
