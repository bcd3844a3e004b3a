import { Type, baseSettings, type Static } from '@betterplus/kit';

export const billingSettings = Type.Object({ ...baseSettings });

export type BillingConfig = Static<typeof billingSettings>;
