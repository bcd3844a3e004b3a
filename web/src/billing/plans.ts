// The two plans as the pricing cards, the terms and the about page state them (spec section 9).
// What a user actually gets comes from the server's subscription answer; these are the offer.

export interface PlanOffer {
  name: string;
  /** Rupees per month. */
  monthlyPriceRupees: number;
  queriesPerMonth: number;
}

export const BASIC_PLAN: PlanOffer = { name: 'Basic', monthlyPriceRupees: 0, queriesPerMonth: 1 };
export const PREMIUM_PLAN: PlanOffer = { name: 'Premium', monthlyPriceRupees: 2499, queriesPerMonth: 50 };

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** '₹2,499', '₹0'. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** '1 query per month', '50 queries per month'. */
export function queriesPerMonth(plan: PlanOffer): string {
  return `${plan.queriesPerMonth} ${plan.queriesPerMonth === 1 ? 'query' : 'queries'} per month`;
}
