import { timestampDate } from '@bufbuild/protobuf/wkt';
import { SessionsRevokedEvent } from '@betterplus/events';
import type { Queryable } from '../db/database.ts';
import { on, type EventHandler } from '../events/consumer.ts';
import type { TokenClaims } from './tokens.ts';

/** Records that tokens of `userId` issued before `revokedBefore` are void; a later revocation wins. */
export async function revokeSessions(db: Queryable, userId: string, revokedBefore: Date): Promise<void> {
  await db.query(
    `INSERT INTO session_revocations (user_id, revoked_before) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET revoked_before = greatest(session_revocations.revoked_before, excluded.revoked_before)`,
    [userId, revokedBefore],
  );
}

export async function isRevoked(db: Queryable, claims: TokenClaims): Promise<boolean> {
  const { rows } = await db.query<{ revoked_before: Date }>('SELECT revoked_before FROM session_revocations WHERE user_id = $1', [claims.userId]);
  const revokedBefore = rows[0]?.revoked_before;
  return revokedBefore !== undefined && claims.issuedAtMs < revokedBefore.getTime();
}

/** Every service consumes this, so a password change signs the user out everywhere. */
export const onSessionsRevoked: EventHandler = on(SessionsRevokedEvent, async (event, { tx }) => {
  if (event.revokedBefore) await revokeSessions(tx, event.userId, timestampDate(event.revokedBefore));
});
