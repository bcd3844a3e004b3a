// A node:test reporter that counts leaf tests and yields one JSON line at the end:
//   {"passed":N,"failed":N,"skipped":N}
// scripts/test.sh runs it next to the spec reporter, with --test-reporter-destination set to a
// counts file, and prints the closing "N passed, N failed, N skipped" line from it.
//
// What counts:
// - a leaf test: a test:pass / test:fail event that is not a suite (describe) and had no subtests;
// - skipped: a leaf that was skipped or is a todo (a failing todo test does not fail the run, as in
//   node's own runner);
// - a parent test or suite that failed on its own (its own body or a hook threw, not merely
//   "subtests failed") counts as one failure when none of its descendants was counted as failed;
// - a test file that crashed or did not load (node reports it as a test named after the file)
//   counts as one failure; a file with no tests at all (reported as a passing "test" named after
//   the file) is not counted.
import { resolve } from 'node:path';

interface TestEventData {
  name: string;
  nesting: number;
  file?: string;
  line?: number;
  skip?: boolean | string;
  todo?: boolean | string;
  details?: { type?: string; error?: { failureType?: string } };
}

interface TestEvent {
  type: string;
  data: TestEventData;
}

interface Level {
  seen: boolean;
  failed: boolean;
}

export default async function* countReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  // Per file: levels[n] describes the events seen at nesting n since the last event at nesting n-1
  // (i.e. the children of the test that is about to be reported at nesting n-1).
  const files = new Map<string, Level[]>();

  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data = event.data;
    const nesting = data.nesting ?? 0;
    const key = data.file ?? '';
    let levels = files.get(key);
    if (levels === undefined) {
      levels = [];
      files.set(key, levels);
    }
    const children = levels[nesting + 1];
    levels.length = nesting + 1; // children (and deeper) of this test are done
    const isLeaf = children === undefined || !children.seen;
    const childFailed = children !== undefined && children.failed;
    const isSuite = data.details?.type === 'suite';
    const isTodoOrSkip = Boolean(data.todo) || Boolean(data.skip);
    const isFileLevel =
      nesting === 0 && data.file !== undefined && resolve(data.name) === resolve(data.file);
    let countedFailure = false;

    if (event.type === 'test:pass') {
      if (isLeaf && !isSuite && !isFileLevel) {
        if (isTodoOrSkip) counts.skipped += 1;
        else counts.passed += 1;
      }
    } else if (data.todo) {
      if (isLeaf && !isSuite) counts.skipped += 1;
    } else if (isFileLevel) {
      counts.failed += 1;
      countedFailure = true;
    } else if (isLeaf && !isSuite) {
      counts.failed += 1;
      countedFailure = true;
    } else if (!childFailed && data.details?.error?.failureType !== 'subtestsFailed') {
      // A parent test or a suite that failed by itself (its body or a hook threw).
      counts.failed += 1;
      countedFailure = true;
    }

    const here = (levels[nesting] ??= { seen: false, failed: false });
    here.seen = true;
    here.failed = here.failed || countedFailure || childFailed;
  }

  yield `${JSON.stringify(counts)}\n`;
}
