import { Type, baseSettings, type Static } from '@betterplus/kit';

export const adminReportingSettings = Type.Object({ ...baseSettings });

export type AdminReportingConfig = Static<typeof adminReportingSettings>;
