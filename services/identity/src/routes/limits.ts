import { enforceRateLimit, type Cache } from '@betterplus/kit';
import type { IdentityConfig } from '../config.ts';

export type AttemptLimiter = (area: string, who: { ip: string; account?: string }) => Promise<void>;

/**
 * Counts one attempt of `area` (login, signup, reset...) per client address and, when known, per
 * account (an email or a user id), answering 429 past either limit. Each area counts apart, so
 * a burst of signups does not block the same person's sign-in.
 */
export function attemptLimiter(cache: Cache, config: IdentityConfig): AttemptLimiter {
  const windowSeconds = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const message = 'Too many attempts. Please wait a few minutes and try again.';
  return async (area, who) => {
    await enforceRateLimit(cache, { key: `${area}:ip:${who.ip}`, limit: config.AUTH_RATE_LIMIT_PER_IP, windowSeconds, message });
    if (who.account !== undefined) {
      await enforceRateLimit(cache, { key: `${area}:account:${who.account}`, limit: config.AUTH_RATE_LIMIT_PER_ACCOUNT, windowSeconds, message });
    }
  };
}
