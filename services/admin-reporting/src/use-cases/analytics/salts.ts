import { randomBytes } from 'node:crypto';
import { indiaDate, startPeriodic, type Logger, type PeriodicJob, type Queryable } from '@betterplus/kit';
import { forgetPastSalts, saltOfDay } from '../../db/analytics.ts';

const SALT_BYTES = 32;

/**
 * The salt of the India day of `now`, read from the database once a day per process (a day's
 * salt never changes), made by whichever replica asks first. Past days' salts are deleted by
 * the next day's first hit (saltOfDay) and, without one, by the job of `forgetSaltsEachMinute`.
 */
export function dailySalts(db: Queryable): (now: Date) => Promise<Uint8Array> {
  let current: { day: string; salt: Promise<Uint8Array> } | undefined;
  return (now) => {
    const day = indiaDate(now);
    if (current?.day !== day) {
      const entry = { day, salt: saltOfDay(db, day, randomBytes(SALT_BYTES)) };
      current = entry;
      // A failed read is not remembered: the next hit asks again.
      entry.salt.catch(() => {
        if (current === entry) current = undefined;
      });
    }
    return current.salt;
  };
}

/** Deletes the salts of days that are over within a minute of India midnight, even with no traffic after it. */
export const forgetSaltsEachMinute = (db: Queryable, logger: Logger): PeriodicJob =>
  startPeriodic({ name: 'analytics-salts', everyMs: 60_000, logger, runAtStart: true, run: () => forgetPastSalts(db, indiaDate(new Date())) });
