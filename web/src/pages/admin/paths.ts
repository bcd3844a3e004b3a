/** Where the admin area lives (spec section 2): /vikarapanel is its sign-in, its pages are below it. */
export const adminBase = '/vikarapanel';

export const adminPaths = {
  signIn: adminBase,
  dashboard: `${adminBase}/dashboard`,
  users: `${adminBase}/users`,
  analytics: `${adminBase}/analytics`,
} as const;

/** The sign-in itself, with or without a trailing slash. */
export function isAdminSignInPath(pathname: string): boolean {
  return pathname === adminBase || pathname === `${adminBase}/`;
}

/** /vikarapanel and everything below it. */
export function isAdminPath(pathname: string): boolean {
  return pathname === adminBase || pathname.startsWith(`${adminBase}/`);
}
