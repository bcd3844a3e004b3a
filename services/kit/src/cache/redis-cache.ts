import { createClient } from 'redis';
import type { Cache } from './cache.ts';

export async function createRedisCache(url: string, keyPrefix: string): Promise<Cache> {
  const client = createClient({ url });
  client.on('error', () => undefined); // reconnects by itself; readiness reports the outage
  await client.connect();
  const k = (key: string) => `${keyPrefix}:${key}`;
  return {
    get: async (key) => (await client.get(k(key))) ?? undefined,
    async set(key, value, ttlSeconds) {
      await client.set(k(key), value, { expiration: { type: 'EX', value: ttlSeconds } });
    },
    async delete(key) {
      await client.del(k(key));
    },
    async increment(key, ttlSeconds) {
      const [count] = await client.multi().incr(k(key)).expire(k(key), ttlSeconds, 'NX').exec();
      return Number(count);
    },
    async ping() {
      await client.ping();
    },
    async close() {
      await client.quit();
    },
  };
}
