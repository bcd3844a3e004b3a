import { addIndiaMonths, type Transaction } from '@betterplus/kit';
import { findCustomer } from '../db/customers.ts';
import { createInvoice } from '../db/invoices.ts';
import { recordPayment } from '../db/payments.ts';
import { startPremiumPeriod } from '../db/subscriptions.ts';
import { publishPaymentVerified, publishSubscriptionChanged } from '../events/publish.ts';
import { gstBreakdown } from './gst.ts';
import { PRICE_CURRENCY, plans, type Period } from './plans.ts';
import type { Supplier } from './supplier.ts';

/** A paid Premium cycle: one calendar month (India time) from the provider's current start. */
export const premiumPeriod = (currentStart: Date): Period => ({ start: currentStart, end: addIndiaMonths(currentStart, 1) });

/** Why a reported charge was not applied (the reason label of charges_refused_total). */
export const REFUSAL_REASONS = ['subscription', 'plan', 'currency', 'amount'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A charge as the provider reported it, for one of billing's provider subscriptions. */
export interface ChargeReport {
  subscriptionId: string;
  /** The subscription entity, when the report carries one. */
  subscription?: { planId: string | undefined };
  /** The payment entity, when the report carries one. */
  payment?: { subscriptionId: string | null | undefined; amountPaise: number; currency: string | undefined };
}

/**
 * Why the report is not a Premium charge, or undefined when it is: its payment must be for this
 * subscription, at the plan's price in rupees, and its subscription on `planId`, billing's plan.
 * A signature proves only who signed; a sandbox secret or a misconfigured plan must not sell
 * Premium for 1 rupee.
 */
export function chargeRefusal(report: ChargeReport, planId: string): RefusalReason | undefined {
  const { subscription, payment } = report;
  if (payment?.subscriptionId != null && payment.subscriptionId !== report.subscriptionId) return 'subscription';
  if (subscription && subscription.planId !== planId) return 'plan';
  if (payment && payment.currency !== PRICE_CURRENCY) return 'currency';
  if (payment && payment.amountPaise !== plans.premium.pricePaise) return 'amount';
  return undefined;
}

export interface ConfirmedCharge {
  userId: string;
  providerSubscriptionId: string;
  paymentId: string;
  amountPaise: number;
  /** The provider's current_start of the cycle this charge pays for. */
  cycleStart: Date;
}

/**
 * A charge the provider confirmed (through the checkout's verified payment or a signed webhook),
 * applied once by its payment id whoever reports it first: the payment, its GST invoice, the
 * paid period with a fresh allowance (unless a later period runs already), and the events.
 */
export async function applyCharge(tx: Transaction, charge: ConfirmedCharge, supplier: Supplier): Promise<'applied' | 'duplicate'> {
  const period = premiumPeriod(charge.cycleStart);
  if (!(await recordPayment(tx, { ...charge, period }))) return 'duplicate';
  const customer = await findCustomer(tx, charge.userId);
  const tax = gstBreakdown({ totalPaise: charge.amountPaise, supplierStateCode: supplier.stateCode, placeOfSupplyCode: customer?.state_code ?? null });
  const invoice = await createInvoice(tx, {
    userId: charge.userId,
    paymentId: charge.paymentId,
    plan: 'premium',
    amountPaise: charge.amountPaise,
    taxablePaise: tax.taxablePaise,
    cgstPaise: tax.cgstPaise,
    sgstPaise: tax.sgstPaise,
    igstPaise: tax.igstPaise,
    placeOfSupply: tax.placeOfSupplyCode,
    supplier: { name: supplier.name, address: supplier.address, gstin: supplier.gstin, stateCode: supplier.stateCode },
    buyer: { name: customer?.name ?? '', email: customer?.email ?? '', gstin: customer?.gstin ?? null, stateCode: customer?.state_code ?? null },
    period,
  });
  const started = await startPremiumPeriod(tx, charge.userId, charge.providerSubscriptionId, period);
  if (started) await publishSubscriptionChanged(tx, started);
  await publishPaymentVerified(tx, invoice, charge.providerSubscriptionId);
  return 'applied';
}
