// How the admin panel writes its figures: counts with Indian digit grouping, money as rupees
// (billing/format.ts), the server's 'YYYY-MM' months and 'YYYYMMDD' days as words.

const counts = new Intl.NumberFormat('en-IN');

/** 123456 → '1,23,456'. */
export function formatCount(value: number): string {
  return counts.format(value);
}

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** 3.456 (already a percentage) → '3.46%'. */
export function formatPercent(value: number): string {
  return `${percent.format(value)}%`;
}

/** Seconds as '45s', '2m 05s' or '1h 02m': an average visit reads better in minutes than in seconds. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m ${String(rest).padStart(2, '0')}s`;
  return `${rest}s`;
}

// The server's months and days are calendar dates, not instants: read and written in UTC so no time zone shifts them.
const monthWords = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayWords = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-05' → 'May 2026'; anything else as it came. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? monthWords.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : month;
}

/** '20260501' → '1 May 2026'; anything else as it came. */
export function formatDay(day: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(day);
  return match ? dayWords.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : day;
}

/**
 * The knowledge card's figure and the line under it: the entries due for review and of how many,
 * or a dash while chat has not yet told admin-reporting its archive (both null).
 */
export function formatDueForReview(due: number | null, entries: number | null): { value: string; note: string } {
  if (due === null || entries === null) return { value: '—', note: 'Not reported by chat yet' };
  return { value: formatCount(due), note: `of ${formatCount(entries)} knowledge ${entries === 1 ? 'entry' : 'entries'}` };
}

/** 'basic' → 'Basic': plans as the pricing cards name them. */
export function formatPlan(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/**
 * An event's parameters, which come as JSON text or plain text: a JSON object as 'key: value'
 * pairs, anything else as it came.
 */
export function formatParameters(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return text;
  return Object.entries(parsed)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

const indiaDays = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Kolkata' });

/** The day in India at `now`, 'YYYY-MM-DD': the server counts its days in India, the panel's "today" is India's too. */
export function indiaDay(now: Date): string {
  return indiaDays.format(now);
}
