import { defineService } from '@betterplus/kit';
import { adminReportingSettings, type AdminReportingConfig } from './config.ts';
import { handlers } from './events/handlers/index.ts';

/** admin-reporting: read models for the admin panel and first-party analytics. Its routes arrive with its feature issue. */
export const adminReportingService = defineService<AdminReportingConfig>({
  name: 'admin-reporting',
  settings: adminReportingSettings,
  register: async () => handlers,
});
