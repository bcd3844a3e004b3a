import type { KnowledgeEntry } from './knowledge-entry.ts';

type Kind = KnowledgeEntry['kind'];
type Dated = Pick<KnowledgeEntry, 'kind' | 'as_of' | 'review_by'>;

/**
 * How many years an entry's facts may stand before a curator checks them again: schemes and the
 * guides that follow their rules change with each budget and notification; stories and the
 * organisations, people and solutions in them change slowly.
 */
export const REVIEW_YEARS: Readonly<Record<Kind, number>> = { scheme: 1, guide: 1, story: 3, organisation: 3, changemaker: 3, solution: 3 };

/** `day` (YYYY-MM-DD) moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The latest review date the rule allows an entry of `kind` checked on `asOf`; 29 February moves to the 28th in a common year. */
export function latestReviewBy(kind: Kind, asOf: string): string {
  const [year = 0, month = 1, day = 1] = asOf.split('-').map(Number);
  const date = new Date(Date.UTC(year + REVIEW_YEARS[kind], month - 1, day));
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Why an entry's review date breaks the rule, or undefined when it keeps it. */
export function reviewProblem(entry: Dated): string | undefined {
  if (entry.review_by <= entry.as_of) return `review_by ${entry.review_by} must be later than as_of ${entry.as_of}`;
  const latest = latestReviewBy(entry.kind, entry.as_of);
  const years = REVIEW_YEARS[entry.kind];
  if (entry.review_by > latest)
    return `review_by ${entry.review_by} is later than ${latest}: entries of kind ${entry.kind} are reviewed within ${String(years)} year${years === 1 ? '' : 's'} of as_of`;
  return undefined;
}

/** The entries due for review on `day` (review_by on or before it), oldest first, then by id. */
export function dueForReview<Entry extends Pick<KnowledgeEntry, 'id' | 'review_by'>>(entries: readonly Entry[], day: string): Entry[] {
  return entries.filter((entry) => entry.review_by <= day).sort((a, b) => a.review_by.localeCompare(b.review_by) || a.id.localeCompare(b.id));
}

/** How many entries fall due on each review date, oldest first: the archive's review schedule in as many rows as it has dates. */
export function reviewSchedule(entries: readonly Pick<KnowledgeEntry, 'review_by'>[]): { reviewBy: string; entries: number }[] {
  const counts = new Map<string, number>();
  for (const { review_by } of entries) counts.set(review_by, (counts.get(review_by) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([reviewBy, count]) => ({ reviewBy, entries: count }));
}
