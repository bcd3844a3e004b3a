import { badRequest, indiaDate } from '@betterplus/kit';

export const RANGES = ['7d', '30d', '90d', 'custom'] as const;
export type RangeName = (typeof RANGES)[number];

const PRESET_DAYS: Record<Exclude<RangeName, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** India calendar days `firstDay` to `lastDay`, both included, as `YYYY-MM-DD`. */
export interface DayRange {
  firstDay: string;
  lastDay: string;
}

const DAY_MS = 24 * 3600 * 1000;

/** The day `days` calendar days after `day` (before it when negative). */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Midnight in India at the start of `day`. */
export const indiaMidnight = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

/**
 * The India days an analytics range covers at `now`: a preset is that many days ending today;
 * a custom range needs both dates (real YYYY-MM-DD dates: the route's schema checks them), none
 * in the future, the end not before the start (the panel's own rules, enforced here too).
 */
export function rangeDays(range: RangeName, dates: { startDate?: string | undefined; endDate?: string | undefined }, now: Date): DayRange {
  const today = indiaDate(now);
  if (range !== 'custom') return { firstDay: addDays(today, 1 - PRESET_DAYS[range]), lastDay: today };
  const { startDate, endDate } = dates;
  if (startDate === undefined || endDate === undefined) throw badRequest('A custom range needs both startDate and endDate (YYYY-MM-DD)', 'INVALID_RANGE');
  if (endDate < startDate) throw badRequest('The end date cannot precede the start date', 'INVALID_RANGE');
  if (endDate > today) throw badRequest('The range cannot reach into the future (India time)', 'INVALID_RANGE');
  return { firstDay: startDate, lastDay: endDate };
}
