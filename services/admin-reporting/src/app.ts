import { baseSettingsSchema, defineService } from '@betterplus/kit';

/** admin-reporting: read models for the admin panel and first-party analytics. Its routes arrive with its feature issue. */
export const adminReportingService = defineService({
  name: 'admin-reporting',
  settings: baseSettingsSchema,
  register: async () => undefined,
});
