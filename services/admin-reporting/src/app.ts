import { defineService } from '@betterplus/kit';
import { adminReportingSettings, type AdminReportingConfig } from './config.ts';
import { adminCredentials } from './domain/admin-credentials.ts';
import { forgetSaltsEachMinute } from './use-cases/analytics/salts.ts';
import { handlers } from './events/handlers/index.ts';
import { adminGuard } from './routes/admin-guard.ts';
import { adminRoutes } from './routes/admin.ts';
import { analyticsRoutes } from './routes/analytics.ts';

/**
 * admin-reporting: read models for the admin panel, fed by every service's events, and
 * first-party web analytics. Never reads another service's database.
 */
export const adminReportingService = defineService<AdminReportingConfig>({
  name: 'admin-reporting',
  settings: adminReportingSettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  register: async (app, deps) => {
    const guard = adminGuard(deps.cache, deps.config, adminCredentials(deps.config));
    adminRoutes(app, { db: deps.db, guard });
    analyticsRoutes(app, { db: deps.db, cache: deps.cache, config: deps.config, guard });
    const salts = forgetSaltsEachMinute(deps.db, deps.logger);
    app.addHook('onClose', () => salts.stop());
    return handlers;
  },
});
