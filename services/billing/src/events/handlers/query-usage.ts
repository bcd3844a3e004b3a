import { PermanentEventError, on } from '@betterplus/kit';
import { QueryConsumedEvent, QueryRefundedEvent } from '@betterplus/events';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { countQuery, refundQuery, type QueryUse } from '../../db/query-usage.ts';

function useOf(event: { userId: string; queryId: string; periodStart?: Timestamp }): QueryUse {
  if (!event.periodStart) throw new PermanentEventError('a query event without its period');
  return { userId: event.userId, queryId: event.queryId, periodStart: timestampDate(event.periodStart) };
}

/** queriesUsed follows chat's ledger: chat alone decides whether a query is allowed. */
export const onQueryConsumed = on(QueryConsumedEvent, async (event, { tx }) => {
  await countQuery(tx, useOf(event));
});

export const onQueryRefunded = on(QueryRefundedEvent, async (event, { tx }) => {
  await refundQuery(tx, useOf(event));
});
