/** How emails name a plan; amounts and dates come from the kit (formatRupees, formatIndiaDate). */

/** A plan id from billing's events as the product names it (`premium` → `Premium`). */
export const planName = (plan: string): string => `${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;
