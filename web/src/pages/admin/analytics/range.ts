// The analytics range (spec sections 4 and 5): 7d, 30d, 90d or custom; custom takes a start and an
// end date, neither in the future and the end not before the start. Kept in the query string under
// the API's own names (/vikarapanel/analytics?range=custom&startDate=2026-05-01&endDate=2026-05-31).
// Days are 'YYYY-MM-DD' text, which sorts as the days do.

export const RANGES = ['7d', '30d', '90d', 'custom'] as const;
export type Range = (typeof RANGES)[number];

export const DEFAULT_RANGE: Range = '7d';

export interface RangeChoice {
  range: Range;
  /** Only for custom; null until chosen. */
  startDate: string | null;
  endDate: string | null;
}

const isRange = (value: string | null): value is Range => RANGES.some((range) => range === value);

/** A real calendar day written 'YYYY-MM-DD' (not 2026-02-30). */
export function isDay(value: string | null): value is string {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A start may be any day up to today, and not after the end once there is one. */
export function isSelectableStart(day: string, today: string, endDate: string | null): boolean {
  return day <= today && (endDate === null || day <= endDate);
}

/** An end may be any day up to today, and not before the start once there is one. */
export function isSelectableEnd(day: string, today: string, startDate: string | null): boolean {
  return day <= today && (startDate === null || day >= startDate);
}

/** Choosing a range: choosing another than custom clears the dates (spec section 4). */
export function chooseRange(range: Range): RangeChoice {
  return { range, startDate: null, endDate: null };
}

/** The choice a query string names; a date that breaks the rules is dropped, as if not chosen. */
export function rangeChoiceOf(params: URLSearchParams, today: string): RangeChoice {
  const asked = params.get('range');
  const range = isRange(asked) ? asked : DEFAULT_RANGE;
  if (range !== 'custom') return chooseRange(range);
  const start = params.get('startDate');
  const end = params.get('endDate');
  const startDate = isDay(start) && isSelectableStart(start, today, null) ? start : null;
  const endDate = isDay(end) && isSelectableEnd(end, today, startDate) ? end : null;
  return { range, startDate, endDate };
}

/** The query string of a choice: the page's address and the analytics call's parameters alike. */
export function searchParamsOfRange(choice: RangeChoice): URLSearchParams {
  const params = new URLSearchParams({ range: choice.range });
  if (choice.range === 'custom') {
    if (choice.startDate !== null) params.set('startDate', choice.startDate);
    if (choice.endDate !== null) params.set('endDate', choice.endDate);
  }
  return params;
}

/** The analytics call's parameters, or null while a custom range still lacks a date. */
export function analyticsParams(choice: RangeChoice): URLSearchParams | null {
  if (choice.range === 'custom' && (choice.startDate === null || choice.endDate === null)) return null;
  return searchParamsOfRange(choice);
}
