import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashPassword, verifyNothing, verifyPassword } from '../../src/domain/passwords.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(await verifyPassword(hash, 'correct horse'), true);
    assert.equal(await verifyPassword(hash, 'wrong horse'), false);
    assert.equal(await verifyPassword('not a hash', 'correct horse'), false);
  });

  it('spends about as long checking no password as checking a real one, so timing tells nothing', async () => {
    const hash = await hashPassword('correct horse');
    await verifyNothing('warm up');
    const real: number[] = [];
    const none: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      real.push(await timed(() => verifyPassword(hash, 'wrong horse')));
      none.push(await timed(() => verifyNothing('wrong horse')));
    }
    assert.ok(median(none) > median(real) / 3, `no password ${median(none).toFixed(1)} ms, real ${median(real).toFixed(1)} ms`);
  });
});
