import type { Cache } from '../cache/cache.ts';
import { tooManyRequests } from './errors.ts';

export interface RateLimit {
  /** What is counted, e.g. `login:ip:10.0.0.1`. */
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

/**
 * Counts one attempt in a fixed window and refuses (429) past the limit. Counters live in the
 * cache: Redis in the real stack, so every replica counts together.
 */
export async function enforceRateLimit(cache: Cache, rule: RateLimit): Promise<void> {
  const count = await cache.increment(`rate:${rule.key}`, rule.windowSeconds);
  if (count > rule.limit) throw tooManyRequests(rule.message);
}
