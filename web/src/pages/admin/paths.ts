/** Where the admin area lives (spec section 2). */
export const adminBase = '/vikarapanel';
