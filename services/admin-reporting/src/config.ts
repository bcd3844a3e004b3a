import { Type, baseSettings, requiredInProduction, type Static } from '@betterplus/kit';

export const adminReportingSettings = Type.Object({
  ...baseSettings,
  /**
   * The admin panel's one account (HTTP basic auth). The password comes in plain (checked for
   * strength in production) or as an argon2id hash; production refuses to start without one of
   * them. Without any, every admin call is refused. `npm start` makes a strong one on first start.
   */
  ADMIN_USERNAME: Type.Optional(Type.String({ minLength: 1, [requiredInProduction]: true })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 1 })),
  ADMIN_PASSWORD_HASH: Type.Optional(Type.String({ pattern: '^\\$argon2id\\$' })),
  /** Failed admin sign-ins one client address may make per window before it is refused (429). */
  ADMIN_FAILURES_PER_WINDOW: Type.Integer({ minimum: 1, default: 10 }),
  ADMIN_FAILURE_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 900 }),
  /** Analytics beacons (POST /api/analytics/collect) one client address may send a minute before it is refused (429). */
  ANALYTICS_HITS_PER_MINUTE: Type.Integer({ minimum: 1, default: 120 }),
});

export type AdminReportingConfig = Static<typeof adminReportingSettings>;
