// The landing-bundle budget (CI: `npm run budget -w web`, after `npm run build -w web`). Sums the
// gzip size of what a first visit to / downloads before the page can show: the entry chunk, its
// static imports, the landing route's chunk when it has one of its own, and their CSS. Fails
// when the sum passes the budget, so that a heavy import in the shell is caught in review.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The part of Vite's build manifest (`build.manifest`) this check reads. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const BUDGET_BYTES = 200_000;
export const ENTRY = 'index.html';
export const LANDING_ROUTE = 'src/pages/home/landing/LandingPage.tsx';

/** Every file loaded for `keys`: each chunk, its static imports (transitively) and their CSS, once each. */
export function filesOf(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`the build manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

export interface BudgetReport {
  files: { file: string; gzipBytes: number }[];
  totalBytes: number;
  withinBudget: boolean;
}

export function measure(manifest: Manifest, readAsset: (file: string) => Buffer, budget = BUDGET_BYTES): BudgetReport {
  const keys = LANDING_ROUTE in manifest ? [ENTRY, LANDING_ROUTE] : [ENTRY];
  const files = filesOf(manifest, keys).map((file) => ({ file, gzipBytes: gzipSync(readAsset(file), { level: 6 }).length }));
  const totalBytes = files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
  return { files, totalBytes, withinBudget: totalBytes <= budget };
}

function main(): void {
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const report = measure(manifest, (file) => readFileSync(join(dist, file)));
  for (const { file, gzipBytes } of report.files.toSorted((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`${(gzipBytes / 1000).toFixed(2).padStart(9)} kB  ${file}`);
  }
  const verdict = report.withinBudget ? 'within' : 'OVER';
  console.log(`landing bundle: ${(report.totalBytes / 1000).toFixed(2)} kB gzip, ${verdict} the budget of ${BUDGET_BYTES / 1000} kB`);
  if (!report.withinBudget) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
