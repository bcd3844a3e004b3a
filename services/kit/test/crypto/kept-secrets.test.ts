import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ConfigError, Type, keptSecrets } from '../../src/index.ts';

const Secrets = Type.Object({ apiKey: Type.String({ minLength: 16 }) });
const fresh = () => ({ apiKey: randomBytes(24).toString('base64url') });

describe('kept secrets', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'betterplus-kept-'));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('are made on the first start, readable by the owner only, and the same on every later start', async () => {
    const first = await keptSecrets(dataDir, 'provider', Secrets, fresh);
    assert.equal(first.made, true);
    assert.equal(first.path, join(dataDir, 'keys', 'provider.json'));
    assert.equal((await stat(first.path)).mode & 0o777, 0o600);
    assert.equal((await stat(join(dataDir, 'keys'))).mode & 0o777, 0o700);
    const again = await keptSecrets(dataDir, 'provider', Secrets, fresh);
    assert.deepEqual(again, { ...first, made: false });
    assert.notDeepEqual(
      (await keptSecrets(await mkdtemp(join(tmpdir(), 'betterplus-kept-')), 'provider', Secrets, fresh)).secrets,
      first.secrets,
      'another install, other secrets',
    );
  });

  it('are the same for ten processes starting at once: the first written wins, and no draft is left', async () => {
    const kept = await Promise.all(Array.from({ length: 10 }, () => keptSecrets(dataDir, 'raced', Secrets, fresh)));
    assert.equal(new Set(kept.map((k) => k.secrets.apiKey)).size, 1);
    assert.equal(kept.filter((k) => k.made).length, 1);
    assert.deepEqual(
      (await readdir(join(dataDir, 'keys'))).filter((name) => name.startsWith('raced')),
      ['raced.json'],
    );
  });

  it('refuses a file that does not hold what they need, naming it', async () => {
    const path = join(dataDir, 'keys', 'broken.json');
    await writeFile(path, JSON.stringify({ apiKey: 'short' }));
    await assert.rejects(keptSecrets(dataDir, 'broken', Secrets, fresh), (error: unknown) => error instanceof ConfigError && error.message.includes(path));
    assert.equal(await readFile(path, 'utf8'), '{"apiKey":"short"}', 'left as it was');
  });
});
