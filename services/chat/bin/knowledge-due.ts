// `npm run knowledge:due [-- --on YYYY-MM-DD] [--within DAYS]`: the knowledge entries due for
// review (review_by on or before the day: today in India unless --on names one, moved ahead by
// --within days), oldest first, one a line (review_by, id, kind, title), then their count. Reads
// the files in knowledge/, no database.
import { parseArgs } from 'node:util';
import { indiaDate } from '@betterplus/kit';
import { loadKnowledgeFiles } from '../src/adapters/knowledge-files.ts';
import { addDays, dueForReview } from '../src/domain/knowledge-review.ts';

const USAGE = 'usage: npm run knowledge:due -- [--on YYYY-MM-DD] [--within DAYS]';

function dayAsked(args: string[]): string | undefined {
  try {
    const { values } = parseArgs({ args, options: { on: { type: 'string' }, within: { type: 'string' } }, strict: true, allowPositionals: false });
    const on = values.on ?? indiaDate(new Date());
    const within = values.within ?? '0';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(on) || addDays(on, 0) !== on || !/^\d{1,5}$/.test(within)) return undefined;
    return addDays(on, Number(within));
  } catch {
    return undefined;
  }
}

const day = dayAsked(process.argv.slice(2));
if (day === undefined) {
  console.error(USAGE);
  process.exit(2);
}
const due = dueForReview(
  (await loadKnowledgeFiles()).map(({ entry }) => entry),
  day,
);
const idWidth = Math.max(0, ...due.map((entry) => entry.id.length));
const kindWidth = Math.max(0, ...due.map((entry) => entry.kind.length));
for (const entry of due) console.log(`${entry.review_by}  ${entry.id.padEnd(idWidth)}  ${entry.kind.padEnd(kindWidth)}  ${entry.title}`);
console.log(`${String(due.length)} ${due.length === 1 ? 'entry' : 'entries'} due for review by ${day}`);
