/**
 * India time (Asia/Kolkata): UTC+05:30 all year, no daylight saving, so calendar arithmetic is
 * UTC arithmetic on the instant shifted by the offset. Times users see, and periods such as a
 * plan's month, follow it.
 */
const offsetMs = 330 * 60_000;

const shifted = (instant: Date): Date => new Date(instant.getTime() + offsetMs);
const unshifted = (wallClock: Date): Date => new Date(wallClock.getTime() - offsetMs);

/** The India calendar date of an instant, `YYYY-MM-DD`. */
export function indiaDate(instant: Date): string {
  return shifted(instant).toISOString().slice(0, 10);
}

const longDate = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' });

/** The India calendar date of an instant as people write it: `5 March 2026`. */
export function formatIndiaDate(instant: Date): string {
  return longDate.format(instant);
}

/** Midnight in India on the first day of the India calendar month that holds `instant`. */
export function startOfIndiaMonth(instant: Date): Date {
  const wall = shifted(instant);
  return unshifted(new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), 1)));
}

/** Midnight in India on the first day of the following India calendar month: the end of the month, exclusive. */
export function endOfIndiaMonth(instant: Date): Date {
  const wall = shifted(instant);
  return unshifted(new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 1)));
}

/**
 * The same India wall-clock time `months` calendar months later, on the same day of the month
 * or the month's last day when it is shorter (31 January → 28 or 29 February).
 */
export function addIndiaMonths(instant: Date, months: number): Date {
  const wall = shifted(instant);
  const day = wall.getUTCDate();
  const target = new Date(wall);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return unshifted(target);
}
