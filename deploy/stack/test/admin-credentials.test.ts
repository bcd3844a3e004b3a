import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { embeddedAdminCredentials } from '../src/admin-credentials.ts';

describe('the embedded stack admin account', () => {
  it('makes a strong password on first start, prints it once, keeps it private, and takes configured ones instead', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'betterplus-admin-'));
    try {
      const lines: string[] = [];
      const made = await embeddedAdminCredentials(dataDir, {}, (line) => lines.push(line));
      assert.equal(made.ADMIN_USERNAME, 'admin');
      assert.ok((made.ADMIN_PASSWORD ?? '').length >= 32);
      assert.equal(lines.length, 1);
      assert.ok(lines[0]?.includes(made.ADMIN_PASSWORD ?? '-'));
      assert.equal((await stat(join(dataDir, 'keys', 'admin-credentials.json'))).mode & 0o777, 0o600);
      assert.deepEqual(await embeddedAdminCredentials(dataDir, {}, (line) => lines.push(line)), made);
      assert.equal(lines.length, 1, 'printed once');
      assert.deepEqual(await embeddedAdminCredentials(dataDir, { ADMIN_USERNAME: 'curator', ADMIN_PASSWORD: 'chosen one' }, (line) => lines.push(line)), {
        ADMIN_USERNAME: 'curator',
        ADMIN_PASSWORD: 'chosen one',
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
