/** Amounts are integer paise everywhere (100 paise = 1 rupee); rupees appear only on screen. */

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

function assertPaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not a whole number of paise: ${String(paise)}`);
}

/** Rupees with two decimals, as the spec shows amounts: `249900` → `₹2,499.00`; Indian digit grouping (`₹1,00,000.00`). */
export function formatRupees(paise: number): string {
  assertPaise(paise);
  return rupees.format(paise / 100);
}

/** `2499` → `249900`; refuses amounts finer than a paisa. */
export function paiseFromRupees(amount: number): number {
  const paise = Math.round(amount * 100);
  if (Math.abs(paise - amount * 100) > 1e-6) throw new RangeError(`not a whole number of paise: ₹${String(amount)}`);
  assertPaise(paise);
  return paise;
}
