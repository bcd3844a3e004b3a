/** The plans of spec section 9. Amounts are integer paise. */
export const plans = {
  basic: { pricePaise: 0, queriesPerMonth: 1 },
  premium: { pricePaise: 249_900, queriesPerMonth: 50 },
} as const;

export type PlanId = keyof typeof plans;

/** A plan period runs one calendar month from its start (same day next month, clamped to month end). */
export function periodEnd(start: Date): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
