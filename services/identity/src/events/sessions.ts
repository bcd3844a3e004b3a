import { revokeSessions, type Transaction } from '@betterplus/kit';
import { SessionsRevokedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';

/**
 * Ends every session of the user begun before `at`: here at once (identity's own table), and in
 * every other service through the event, both in the caller's transaction.
 */
export async function endSessionsBefore(tx: Transaction, userId: string, at: Date): Promise<void> {
  await revokeSessions(tx, userId, at);
  await tx.publish(SessionsRevokedEvent, userId, { userId, revokedBefore: timestampFromDate(at) });
}
