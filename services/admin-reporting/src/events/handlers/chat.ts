import { PermanentEventError, occurredAt, on } from '@betterplus/kit';
import { AnswerGivenEvent, AnswerRatedEvent, HistoryClearedEvent, QueryConsumedEvent, QueryRefundedEvent } from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { recordAnswerGiven, recordAnswerRated, recordHistoryCleared, recordQueryConsumed, recordQueryRefunded } from '../../db/read-models.ts';

export const onQueryConsumed = on(QueryConsumedEvent, async (event, { tx, envelope }) => {
  const at = occurredAt(envelope);
  if (!event.periodStart || !at) throw new PermanentEventError('a consumed query without its period or time');
  await recordQueryConsumed(tx, { queryId: event.queryId, userId: event.userId, periodStart: timestampDate(event.periodStart), at });
});

export const onQueryRefunded = on(QueryRefundedEvent, async (event, { tx }) => {
  await recordQueryRefunded(tx, { queryId: event.queryId, userId: event.userId });
});

export const onAnswerGiven = on(AnswerGivenEvent, async (event, { tx }) => {
  if (!event.answeredAt) throw new PermanentEventError('an answer without its time');
  await recordAnswerGiven(tx, { queryId: event.queryId, userId: event.userId, question: event.question, abstained: event.abstained, at: timestampDate(event.answeredAt) });
});

export const onAnswerRated = on(AnswerRatedEvent, async (event, { tx }) => {
  if (!event.ratedAt) throw new PermanentEventError('a mark of an answer without its time');
  await recordAnswerRated(tx, {
    queryId: event.queryId,
    userId: event.userId,
    question: event.question,
    helpful: event.helpful,
    reason: event.reason === '' ? null : event.reason,
    sourceIds: event.sourceIds,
    abstained: event.abstained,
    at: timestampDate(event.ratedAt),
  });
});

export const onHistoryCleared = on(HistoryClearedEvent, async (event, { tx }) => {
  if (!event.clearedAt) throw new PermanentEventError('a cleared history without its time');
  await recordHistoryCleared(tx, event.userId, timestampDate(event.clearedAt));
});
