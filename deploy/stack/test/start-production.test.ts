import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

describe('APP_ENV=production npm start', () => {
  for (const [what, command, args] of [
    ['deploy/stack/src/start.ts', process.execPath, [join(repoRoot, 'deploy/stack/src/start.ts')]],
    ['scripts/start.sh (npm start)', 'bash', [join(repoRoot, 'scripts/start.sh')]],
  ] as const) {
    it(`is refused by ${what} before any embedded adapter starts`, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'betterplus-production-'));
      try {
        const result = spawnSync(command, args, {
          encoding: 'utf8',
          timeout: 30_000,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', APP_ENV: 'production', DATA_DIR: join(dataDir, 'data'), PORT: '0' },
        });
        assert.equal(result.status, 1, result.stderr);
        assert.match(result.stderr, /refuses APP_ENV=production/);
        assert.equal(existsSync(join(dataDir, 'data')), false, 'no PGlite, keys or mailbox were made');
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  }
});
