// `npm run knowledge:due` run as a curator would: the entries due for review by a day, read from
// the files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { before, describe, it } from 'node:test';
import { loadKnowledgeFiles } from '../../src/adapters/knowledge-files.ts';
import type { KnowledgeEntry } from '../../src/domain/knowledge-entry.ts';
import { addDays, dueForReview } from '../../src/domain/knowledge-review.ts';

const command = fileURLToPath(new URL('../../bin/knowledge-due.ts', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [command, ...args], { encoding: 'utf8', timeout: 60_000 });

let entries: KnowledgeEntry[];
before(async () => {
  entries = (await loadKnowledgeFiles()).map(({ entry }) => entry);
});

/** The listed lines' review date and id, and the last line. */
function listed(stdout: string): { rows: string[][]; last: string | undefined } {
  const lines = stdout.trimEnd().split('\n');
  return { rows: lines.slice(0, -1).map((line) => line.split(/\s{2,}/).slice(0, 2)), last: lines.at(-1) };
}

describe('npm run knowledge:due', () => {
  it('lists nothing on a day before any entry was written', () => {
    const result = run('--on', '2000-01-01');
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, '0 entries due for review by 2000-01-01\n');
  });

  it('lists every entry, oldest review date first, on a day after all of them', () => {
    const result = run('--on', '2100-01-01');
    assert.equal(result.status, 0, result.stderr);
    const { rows, last } = listed(result.stdout);
    assert.equal(last, `${String(entries.length)} entries due for review by 2100-01-01`);
    assert.deepEqual(rows.map(([, id]) => id).sort(), entries.map((entry) => entry.id).sort());
    const dates = rows.map(([date]) => date ?? '');
    assert.deepEqual(dates, [...dates].sort());
    const goonj = result.stdout.split('\n').find((line) => line.includes(' goonj '));
    assert.match(goonj ?? '', /^2029-11-23 {2}goonj +organisation {2}Goonj/);
  });

  it('lists the entries due by the day --on names, moved ahead by --within days', () => {
    // The earliest review date: the entries due then, and none of the rest.
    const day = entries.map((entry) => entry.review_by).sort()[0] ?? '';
    const expected = dueForReview(entries, day).map((entry) => [entry.review_by, entry.id]);
    assert.ok(expected.length > 0 && expected.length < entries.length);
    const on = run('--on', day);
    assert.equal(on.status, 0, on.stderr);
    assert.deepEqual(listed(on.stdout).rows, expected);
    assert.equal(run('--on', addDays(day, -10), '--within', '10').stdout, on.stdout);
    assert.equal(run('--on', addDays(day, -1)).stdout, `0 entries due for review by ${addDays(day, -1)}\n`);
  });

  it('answers its usage, listing nothing, for a day that is not one or a count that is not a number', () => {
    for (const args of [['--on', '2027-02-30'], ['--within', '-3'], ['--in', '30'], ['2027-01-01']]) {
      const result = run(...args);
      assert.equal(result.status, 2, args.join(' '));
      assert.equal(result.stdout, '', args.join(' '));
      assert.match(result.stderr, /^usage: npm run knowledge:due -- \[--on YYYY-MM-DD\] \[--within DAYS\]/, args.join(' '));
    }
  });
});
