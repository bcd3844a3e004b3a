import type { Cache, Database, ServiceApp } from '@betterplus/kit';
import type { AdminReportingConfig } from '../config.ts';
import type { AdminGuard } from './admin-guard.ts';

export interface AnalyticsDeps {
  db: Database;
  cache: Cache;
  config: AdminReportingConfig;
  guard: AdminGuard;
}

/** POST /api/analytics/collect (the web app's beacons) and GET /api/admin/analytics (the panel): being built. */
export function analyticsRoutes(_app: ServiceApp, _deps: AnalyticsDeps): void {}
