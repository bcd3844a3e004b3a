// How billing shows money and dates (spec section 9): amounts are paise, shown as rupees with two
// decimals; invoices use Indian digit grouping; dates are India's, wherever the reader is.

/** '₹2499.00': the profile's invoice list. The server's amount is read as a number, 0 if it is none. */
export function rupeesFromPaise(paise: unknown): string {
  const amount = Number(paise);
  return `₹${(Number.isFinite(amount) ? amount / 100 : 0).toFixed(2)}`;
}

const indianRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₹2,499.00', '₹1,23,456.78': invoices and the checkout. */
export function formatInr(paise: number): string {
  return indianRupees.format(paise / 100);
}

const indiaDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** '24 November 2026', the day in India of an ISO timestamp. */
export function formatIndiaDate(iso: string): string {
  return indiaDate.format(new Date(iso));
}
