import { basicAuthGuard, tooManyRequests, unauthorized, type Cache } from '@betterplus/kit';
import type { FastifyRequest } from 'fastify';
import type { AdminReportingConfig } from '../config.ts';
import type { AdminCredentials } from '../domain/admin-credentials.ts';

export type AdminGuard = (request: FastifyRequest) => Promise<void>;

/**
 * preHandler of every admin call: HTTP basic auth against the configured account. Failed
 * attempts are counted per client address, and an address past its limit is refused (429)
 * before its password is even checked. No WWW-Authenticate challenge: the panel signs in with
 * its own form, and the browser's dialog must not pop up over it.
 */
export function adminGuard(cache: Cache, config: AdminReportingConfig, credentials: AdminCredentials | undefined): AdminGuard {
  const check = credentials ? basicAuthGuard(credentials) : undefined;
  return async (request) => {
    const key = `admin-failures:ip:${request.ip}`;
    if (Number((await cache.get(key)) ?? 0) >= config.ADMIN_FAILURES_PER_WINDOW)
      throw tooManyRequests('Too many failed sign-ins from this address; try again later');
    try {
      if (!check) throw unauthorized('Invalid credentials', 'INVALID_CREDENTIALS');
      await check(request);
    } catch (error) {
      await cache.increment(key, config.ADMIN_FAILURE_WINDOW_SECONDS);
      throw error;
    }
  };
}
