/** Emails compare case-insensitively: Asha@Example.in and asha@example.in are one account. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const normalizeName = (name: string): string => name.trim().replace(/\s+/g, ' ');

export const passwordLength = { min: 8, max: 128 } as const;
