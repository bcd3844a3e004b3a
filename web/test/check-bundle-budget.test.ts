import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { ENTRY, LANDING_ROUTE, filesOf, measure, type Manifest } from '../scripts/check-bundle-budget.ts';

const manifest: Manifest = {
  [ENTRY]: { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  [LANDING_ROUTE]: { file: 'assets/landing.js', imports: ['_shared.js'] },
  'src/pages/admin/AdminLayout.tsx': { file: 'assets/admin.js', imports: ['_vendor.js'] },
};

describe('the landing-bundle budget', () => {
  it('counts the entry, its static imports, the landing route and their CSS once each, not other routes', () => {
    assert.deepEqual(filesOf(manifest, [ENTRY, LANDING_ROUTE]).toSorted(), [
      'assets/index.css',
      'assets/index.js',
      'assets/landing.js',
      'assets/shared.js',
      'assets/vendor.js',
    ]);
  });

  it('fails when the gzip sizes add up past the budget', () => {
    // Random bytes do not compress, so each file weighs about its size.
    const files: Record<string, Buffer> = {
      'assets/index.js': randomBytes(60_000),
      'assets/index.css': randomBytes(1000),
      'assets/vendor.js': randomBytes(60_000),
      'assets/shared.js': randomBytes(60_000),
      'assets/landing.js': randomBytes(1000),
    };
    const read = (file: string) => files[file] ?? assert.fail(`unexpected file ${file}`);
    const within = measure(manifest, read, 200_000);
    assert.ok(within.totalBytes > 182_000 && within.withinBudget, `182 kB is within 200 kB (${within.totalBytes})`);
    assert.equal(measure(manifest, read, 150_000).withinBudget, false);
  });

  it('counts the entry alone when the landing page ships inside it', () => {
    const withoutLanding = Object.fromEntries(Object.entries(manifest).filter(([key]) => key !== LANDING_ROUTE));
    const report = measure(withoutLanding, () => Buffer.from('x'));
    assert.deepEqual(report.files.map(({ file }) => file).toSorted(), ['assets/index.css', 'assets/index.js', 'assets/shared.js', 'assets/vendor.js']);
  });

  it('names a chunk the manifest does not have', () => {
    assert.throws(() => filesOf({ [ENTRY]: { file: 'a.js', imports: ['_gone.js'] } }, [ENTRY]), /no chunk _gone\.js/);
  });
});
