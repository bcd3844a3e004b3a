import type { Transaction } from '@betterplus/kit';
import { QueryRefundedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { giveBackQuery } from '../db/allowance.ts';
import type { Unanswered } from '../db/history.ts';

/**
 * Gives a query's use back to the period it was taken from and tells billing, in the caller's
 * transaction. Callers refund a failed question only when they removed its row, so a question
 * is refunded once whoever (the request, the sweeper) gets there first.
 */
export async function refundQuery(tx: Transaction, query: Unanswered): Promise<void> {
  await giveBackQuery(tx, query.user_id, query.period_start);
  await tx.publish(QueryRefundedEvent, query.user_id, { userId: query.user_id, queryId: query.id, periodStart: timestampFromDate(query.period_start) });
}
