// Every command the README gives works with whatever Node the machine has: a root package.json
// script that runs a TypeScript file goes through scripts/node.sh, which brings Node 24 and the
// dependencies as `npm start` and `npm test` do; `node file.ts` on the machine's Node 20 fails
// with ERR_UNKNOWN_FILE_EXTENSION.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, it } from 'node:test';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** PATH without the Node 24 that scripts/ensure-node.sh put first: the machine's own node, whichever it is. */
const machinePath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !dir.includes(join('betterplus', 'node24')))
  .join(delimiter);

describe("the root package.json's scripts", () => {
  it('run TypeScript files through scripts/node.sh, never with node directly', () => {
    // `node` as a command (at the start, or after ; & | or a space) followed, options aside, by a .ts file.
    const direct = Object.entries(scripts).filter(([, command]) => /(?:^|[\s;&|(])node(?:\s+-\S+)*\s+\S+\.ts\b/.test(command));
    assert.deepEqual(direct, []);
    assert.ok(
      Object.values(scripts).filter((command) => command.startsWith('bash scripts/node.sh ')).length >= 9,
      'the benches, evals and tools use the runner',
    );
  });

  it("start on Node 24 under the machine's node: `npm run dead-letters` answers its usage", () => {
    const run = spawnSync('npm', ['run', '--silent', 'dead-letters'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, PATH: machinePath },
    });
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stdout, /^usage: npm run dead-letters -- list <service>/);
  });

  it('scripts/node.sh runs the file with its arguments from the repository root', () => {
    const run = spawnSync('bash', [join(repoRoot, 'scripts/node.sh'), '-p', 'process.version + " " + process.cwd()'], {
      cwd: join(repoRoot, 'deploy'),
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, PATH: machinePath },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout.trim(), new RegExp(`^v24\\.\\d+\\.\\d+ ${repoRoot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });
});
