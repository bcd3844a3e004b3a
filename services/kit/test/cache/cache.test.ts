import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createMemoryCache, createRedisCache, type Cache } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { realInfrastructure, uniqueId } from '../support.ts';

describe('memory cache', () => {
  let clock = 1_000_000;
  const cache = createMemoryCache(() => clock);

  it('forgets a value when its time to live is over', async () => {
    await cache.set('session', 'alive', 10);
    clock += 9_999;
    assert.equal(await cache.get('session'), 'alive');
    clock += 1;
    assert.equal(await cache.get('session'), undefined);
  });

  it('counts within the window the first increment opened, then starts a new one', async () => {
    assert.equal(await cache.increment('logins', 60), 1);
    clock += 50_000;
    // A later increment neither extends the window nor takes its own length.
    assert.equal(await cache.increment('logins', 3600), 2);
    clock += 9_999;
    assert.equal(await cache.increment('logins', 60), 3);
    clock += 1;
    assert.equal(await cache.increment('logins', 60), 1);
  });
});

/** The cache this environment gives a service: Redis under a key prefix of its own, or memory. */
const environmentCache = (prefix: string): Promise<Cache> =>
  realInfrastructure.redis ? createRedisCache(realInfrastructure.redis, prefix) : Promise.resolve(createMemoryCache());

describe(`${realInfrastructure.redis ? 'Redis' : 'memory'} cache as services get it`, () => {
  const prefix = `kit-test-${uniqueId()}`;
  const caches: Cache[] = [];
  const open = async (p = prefix) => {
    const cache = await environmentCache(p);
    caches.push(cache);
    return cache;
  };
  after(() => Promise.all(caches.map((c) => c.close())));

  it('stores, overwrites, deletes and counts', async () => {
    const cache = await open();
    await cache.ping();
    assert.equal(await cache.get('plan'), undefined);
    await cache.set('plan', 'basic', 60);
    await cache.set('plan', 'pro', 60);
    assert.equal(await cache.get('plan'), 'pro');
    await cache.delete('plan');
    assert.equal(await cache.get('plan'), undefined);
    assert.deepEqual([await cache.increment('hits', 60), await cache.increment('hits', 60), await cache.increment('hits', 60)], [1, 2, 3]);
    assert.equal(await cache.get('hits'), '3');
  });

  it('lets a value and a counting window expire', async () => {
    const cache = await open();
    await cache.set('otp', '123456', 1);
    assert.equal(await cache.increment('attempts', 1), 1);
    assert.equal(await cache.increment('attempts', 3600), 2);
    await eventually(async () => ((await cache.get('otp')) === undefined ? true : undefined), 5000);
    await eventually(async () => ((await cache.get('attempts')) === undefined ? true : undefined), 5000);
    assert.equal(await cache.increment('attempts', 60), 1);
  });

  it('keeps caches with different prefixes apart', { skip: realInfrastructure.redis ? false : 'memory caches share nothing by construction' }, async () => {
    const mine = await open();
    const theirs = await open(`${prefix}-other`);
    await mine.set('shared-name', 'mine', 60);
    assert.equal(await theirs.get('shared-name'), undefined);
    assert.equal(await (await open()).get('shared-name'), 'mine');
  });
});
