/** Amounts are integer paise everywhere (100 paise = 1 rupee); rupees appear only on screen. */

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

function assertPaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not a whole number of paise: ${String(paise)}`);
}

/** `249900` → `₹2,499`; `5050` → `₹50.50`; Indian digit grouping (`₹1,00,000`). */
export function formatRupees(paise: number): string {
  assertPaise(paise);
  const whole = paise % 100 === 0;
  return whole ? rupees.format(paise / 100) : rupees.format(paise / 100).replace(/\.(\d)$/, '.$10');
}

/** `2499` → `249900`; refuses amounts finer than a paisa. */
export function paiseFromRupees(amount: number): number {
  const paise = Math.round(amount * 100);
  if (Math.abs(paise - amount * 100) > 1e-6) throw new RangeError(`not a whole number of paise: ₹${String(amount)}`);
  assertPaise(paise);
  return paise;
}
