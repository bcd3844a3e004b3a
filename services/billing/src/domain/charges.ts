import { addIndiaMonths } from '@betterplus/kit';
import { PRICE_CURRENCY, plans, type Period } from './plans.ts';

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
