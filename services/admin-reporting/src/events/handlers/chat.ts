import { PermanentEventError, occurredAt, on } from '@betterplus/kit';
import {
  AnswerGivenEvent,
  AnswerRatedEvent,
  HistoryClearedEvent,
  KnowledgeArchiveImportedEvent,
  QueryConsumedEvent,
  QueryRefundedEvent,
} from '@betterplus/events';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  recordAnswerGiven,
  recordAnswerRated,
  recordHistoryCleared,
  recordKnowledgeArchive,
  recordQueryConsumed,
  recordQueryRefunded,
} from '../../db/read-models.ts';

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
  await recordAnswerGiven(tx, {
    queryId: event.queryId,
    userId: event.userId,
    question: event.question,
    abstained: event.abstained,
    at: timestampDate(event.answeredAt),
  });
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

/** A calendar day written YYYY-MM-DD (not 2027-02-30). */
const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) && new Date(day).toISOString().startsWith(day);

export const onKnowledgeArchiveImported = on(KnowledgeArchiveImportedEvent, async (event, { tx }) => {
  if (!event.importedAt) throw new PermanentEventError('a knowledge archive import without its time');
  if (event.entries < 0 || event.reviewDates.some(({ reviewBy, entries }) => !isDay(reviewBy) || entries < 0)) {
    throw new PermanentEventError('a knowledge archive import with a negative count or a review date that is not a day');
  }
  await recordKnowledgeArchive(tx, { entries: event.entries, reviewDates: event.reviewDates, importedAt: timestampDate(event.importedAt) });
});
