import { PermanentEventError, occurredAt, on } from '@betterplus/kit';
import { QueryConsumedEvent, QueryRefundedEvent } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { recordQueryConsumed, recordQueryRefunded } from '../../db/read-models.ts';

export const onQueryConsumed = on(QueryConsumedEvent, async (event, { tx, envelope }) => {
  const at = occurredAt(envelope);
  if (!event.periodStart || !at) throw new PermanentEventError('a consumed query without its period or time');
  await recordQueryConsumed(tx, { queryId: event.queryId, userId: event.userId, periodStart: timestampDate(event.periodStart), at });
});

export const onQueryRefunded = on(QueryRefundedEvent, async (event, { tx }) => {
  await recordQueryRefunded(tx, event.queryId);
});
