import type { Queryable } from '@betterplus/kit';

export interface Reservation {
  failures: number;
  lockedUntil: Date | null;
}

/**
 * Counts an attempt from `address` before its password is checked, in one statement, so 20
 * parallel guesses take 20 distinct counts. A lock that has run out starts the count afresh.
 */
export async function reserveAddressAttempt(db: Queryable, userId: string, address: string, now: Date): Promise<Reservation> {
  const { rows } = await db.query<{ failures: number; locked_until: Date | null }>(
    `INSERT INTO login_failures AS f (user_id, address, failures) VALUES ($1, $2, 1)
     ON CONFLICT (user_id, address) DO UPDATE SET
       failures = CASE WHEN f.locked_until <= $3 THEN 1 ELSE f.failures + 1 END,
       locked_until = CASE WHEN f.locked_until <= $3 THEN NULL ELSE f.locked_until END
     RETURNING failures, locked_until`,
    [userId, address, now],
  );
  const row = rows[0];
  return { failures: row?.failures ?? 1, lockedUntil: row?.locked_until ?? null };
}

/** The account-wide count, taken the same way on the user's row. */
export async function reserveAccountAttempt(db: Queryable, userId: string, now: Date): Promise<Reservation> {
  const { rows } = await db.query<{ failed_logins: number; locked_until: Date | null }>(
    `UPDATE users SET
       failed_logins = CASE WHEN locked_until <= $2 THEN 1 ELSE failed_logins + 1 END,
       locked_until = CASE WHEN locked_until <= $2 THEN NULL ELSE locked_until END
     WHERE id = $1 RETURNING failed_logins, locked_until`,
    [userId, now],
  );
  const row = rows[0];
  return { failures: row?.failed_logins ?? 1, lockedUntil: row?.locked_until ?? null };
}

/** An attempt refused by the account-wide throttle was not a guess from this address. */
export async function releaseAddressAttempt(db: Queryable, userId: string, address: string): Promise<void> {
  await db.query('UPDATE login_failures SET failures = failures - 1 WHERE user_id = $1 AND address = $2 AND failures > 0', [userId, address]);
}

/** Returns the lock's end: the one set now, or one a concurrent failure set first. */
export async function lockAddress(db: Queryable, userId: string, address: string, until: Date): Promise<Date> {
  const { rows } = await db.query<{ locked_until: Date }>(
    'UPDATE login_failures SET locked_until = COALESCE(locked_until, $3) WHERE user_id = $1 AND address = $2 RETURNING locked_until',
    [userId, address, until],
  );
  return rows[0]?.locked_until ?? until;
}

export async function lockAccount(db: Queryable, userId: string, until: Date): Promise<Date> {
  const { rows } = await db.query<{ locked_until: Date }>('UPDATE users SET locked_until = COALESCE(locked_until, $2) WHERE id = $1 RETURNING locked_until', [
    userId,
    until,
  ]);
  return rows[0]?.locked_until ?? until;
}

/** A right password clears this address's count and the account-wide one. */
export async function clearLoginFailures(db: Queryable, userId: string, address: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE user_id = $1 AND address = $2', [userId, address]);
  await db.query('UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1 AND (failed_logins > 0 OR locked_until IS NOT NULL)', [userId]);
}
