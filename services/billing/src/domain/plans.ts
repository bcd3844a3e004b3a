import { endOfIndiaMonth, startOfIndiaMonth } from '@betterplus/kit';

/** The plans of spec section 9. Amounts are integer paise. */
export const plans = {
  basic: { pricePaise: 0, queriesPerMonth: 1 },
  premium: { pricePaise: 249_900, queriesPerMonth: 50 },
} as const;

export type PlanId = keyof typeof plans;

/** Every price is in Indian rupees (ISO 4217, as Razorpay reports a payment's currency). */
export const PRICE_CURRENCY = 'INR';

export interface Period {
  start: Date;
  end: Date;
}

/**
 * Basic's allowance is monthly on the India calendar: the period that holds `at` runs from
 * midnight in India on the first of that month to midnight in India on the first of the next
 * (a user who registers on 1 April at 00:30 in India, still 31 March in UTC, gets April).
 */
export function basicPeriod(at: Date): Period {
  return { start: startOfIndiaMonth(at), end: endOfIndiaMonth(at) };
}
