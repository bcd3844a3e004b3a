// A node:test reporter that counts leaf tests and yields one JSON line at the end (and one when the
// run is interrupted; the last line is the count), naming each failure by its file and test:
//   {"passed":N,"failed":N,"skipped":N,"failures":["services/x/test/y.test.ts: a test (why)", ...]}
// where "why" is the first line of the failure's message (and what a bare assertion got), so that
// a summary read alone (a CI page that keeps only its end) says what a test that fails now and then got.
// scripts/test.sh runs it next to the spec reporter, with --test-reporter-destination set to a
// counts file, and prints the closing "N passed, N failed, N skipped" line from it.
//
// What counts:
// - a leaf test: a test:pass / test:fail event that is not a suite (describe) and had no subtests;
// - skipped: a leaf that was skipped or is a todo (a failing todo test does not fail the run, as in
//   node's own runner);
// - a parent test or suite that failed on its own (its body or a hook threw, not merely "subtests
//   failed") counts as one failure when none of its descendants was counted as failed;
// - a test file that crashed or did not load (node reports it as a test named after the file)
//   counts as one failure; a file with no tests at all (reported as a passing "test" named after
//   the file) is not counted.
// Parents are known from testId/parentId (node >= 24.x); without them, from nesting levels.
import { relative, resolve } from 'node:path';
import { inspect } from 'node:util';
import type { TestEvent } from 'node:test/reporters';

/** The fields used here; testId/parentId are missing on older node releases. */
interface Reported {
  name: string;
  nesting: number;
  file?: string;
  entryFile?: string;
  testId?: number;
  parentId?: number;
  skip?: boolean | string;
  todo?: boolean | string;
  details: { type?: 'suite' | 'test' };
}

interface Below {
  hasChildren: boolean;
  failed: boolean;
}

export default async function* countReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] as string[] };
  // By testId: what was reported below a test (its children report before it does).
  const byId = new Map<string, Below>();
  // Without testIds, per file: levels[n] = what was reported at nesting n since the last event at
  // nesting n-1, i.e. below the test about to be reported at nesting n-1.
  const byLevel = new Map<string, Below[]>();

  for await (const event of source) {
    if (event.type === 'test:interrupted') {
      // The run is being stopped (SIGINT/SIGTERM): write what was counted so far, as the stream
      // may not get to its end. Readers take the last line.
      yield `${JSON.stringify(counts)}\n`;
      continue;
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data: Reported = event.data;
    const failureType = event.type === 'test:fail' ? failureTypeOf(event.data.details.error) : undefined;
    const proc = data.entryFile ?? data.file ?? '';

    let below: Below | undefined;
    let levels: Below[] | undefined;
    if (data.testId !== undefined) {
      const key = `${proc}\0${String(data.testId)}`;
      below = byId.get(key);
      byId.delete(key);
    } else {
      levels = byLevel.get(proc);
      if (levels === undefined) {
        levels = [];
        byLevel.set(proc, levels);
      }
      below = levels[data.nesting + 1];
      levels.length = data.nesting + 1;
    }

    const isLeaf = below === undefined || !below.hasChildren;
    const failedBelow = below?.failed ?? false;
    const isSuite = data.details.type === 'suite';
    const isFileLevel = data.nesting === 0 && data.file !== undefined && resolve(data.name) === resolve(data.file);
    let failedHere = false;

    if (event.type === 'test:pass') {
      if (isLeaf && !isSuite && !isFileLevel) {
        if (isSet(data.skip) || isSet(data.todo)) counts.skipped += 1;
        else counts.passed += 1;
      }
    } else if (isSet(data.todo)) {
      if (isLeaf && !isSuite) counts.skipped += 1;
    } else if (isFileLevel || (isLeaf && !isSuite)) {
      failedHere = true;
    } else if (!failedBelow && failureType !== 'subtestsFailed') {
      failedHere = true; // a parent test or a suite that failed by itself (its body or a hook)
    }
    if (failedHere) {
      counts.failed += 1;
      const file = relative(process.cwd(), data.file ?? proc);
      const why = event.type === 'test:fail' ? reasonOf(event.data.details.error) : '';
      counts.failures.push(`${isFileLevel ? file : `${file}: ${data.name}`}${why ? ` (${why})` : ''}`);
    }

    // Tell the parent.
    let parent: Below | undefined;
    if (data.testId !== undefined) {
      if (data.parentId !== undefined && data.nesting > 0) {
        const key = `${proc}\0${String(data.parentId)}`;
        parent = byId.get(key);
        if (parent === undefined) {
          parent = { hasChildren: false, failed: false };
          byId.set(key, parent);
        }
      }
    } else if (levels !== undefined) {
      parent = levels[data.nesting] ??= { hasChildren: false, failed: false };
    }
    if (parent !== undefined) {
      parent.hasChildren = true;
      parent.failed = parent.failed || failedHere || failedBelow;
    }
  }

  yield `${JSON.stringify(counts)}\n`;
}

function isSet(flag: boolean | string | undefined): boolean {
  return flag !== undefined && flag !== false;
}

function failureTypeOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'failureType' in error) {
    const { failureType } = error;
    return typeof failureType === 'string' ? failureType : undefined;
  }
  return undefined;
}

/**
 * The first line of a failure's own message (the runner wraps it: the assertion is the cause), and
 * for an assertion that wrote its own message ("Expected values to be strictly deep-equal:") what
 * it got; at most 200 characters.
 */
function reasonOf(error: unknown): string {
  const cause = typeof error === 'object' && error !== null && 'cause' in error && error.cause !== undefined ? error.cause : error;
  const message = typeof cause === 'object' && cause !== null && 'message' in cause ? String(cause.message) : typeof cause === 'string' ? cause : '';
  const line = message.split('\n').find((text) => text.trim() !== '') ?? '';
  const got =
    typeof cause === 'object' && cause !== null && 'generatedMessage' in cause && cause.generatedMessage === true && 'actual' in cause
      ? ` got ${inspect(cause.actual, { breakLength: Infinity, depth: 4 })}`
      : '';
  const reason = `${line}${got}`;
  return reason.length > 200 ? `${reason.slice(0, 199)}…` : reason;
}
