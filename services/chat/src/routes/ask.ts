import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { AppError, ErrorResponse, Type, type Static, badRequest, currentUser, forbidden, type ErrorBody, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { AnswerGivenEvent, QueryConsumedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ChatConfig } from '../config.ts';
import { takeQuery, type TakenQuery } from '../db/allowance.ts';
import { addQuestion, recordAnswer, removeQuestion } from '../db/history.ts';
import type { Answer, Answerer, AnswerPart } from '../domain/answerer.ts';
import { refundQuery } from '../domain/refund.ts';
import type { ChatMetrics } from './metrics.ts';
import { planPending } from './plan-pending.ts';
import { Source } from './schemas.ts';

/** The spec's bounds of a question, after trimming. */
export const MESSAGE_MIN = 1;
export const MESSAGE_MAX = 2000;

const AnswerResponse = Type.Object({
  id: Type.String({ format: 'uuid' }),
  response: Type.String({ minLength: 1 }),
  sources: Type.Array(Source),
  followUps: Type.Array(Type.String()),
});

const limitReached = () => forbidden("You've reached your monthly query limit. Upgrade your plan to continue asking questions.", 'LIMIT_REACHED');
const answerFailed = () => new AppError(503, 'ANSWER_FAILED', 'We could not answer just now, and this question was not counted. Please try again.');

const wantsEventStream = (accept: string | undefined): boolean => accept?.split(',').some((type) => type.trim().startsWith('text/event-stream')) ?? false;

const event = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

const eventOf = (part: AnswerPart): string => {
  if (part.kind === 'sources') return event('sources', part.sources);
  if (part.kind === 'delta') return event('delta', { text: part.text });
  return event('restart', {});
};

// The status line has gone out by the time an answer fails, so the error is the stream's last event.
const streamedError = (error: unknown): ErrorBody =>
  error instanceof AppError ? { error: error.message, code: `CHAT_${error.code}` } : { error: 'Something went wrong on our side. Please try again.', code: 'CHAT_INTERNAL' };

type AnswerBody = Static<typeof AnswerResponse>;

export interface AskDeps extends Pick<ServiceDeps<ChatConfig>, 'db' | 'uow' | 'authenticate' | 'config'> {
  answerer: Answerer;
  counted: ChatMetrics;
}

export function askRoutes(app: ServiceApp, deps: AskDeps): void {
  /** Takes the query from the allowance, records the question and tells billing, in one transaction. */
  const charge = (userId: string, queryId: string, message: string): Promise<TakenQuery> =>
    deps.uow.run(async (tx) => {
      const taken = await takeQuery(tx, userId, new Date());
      if (taken === 'no-plan') throw planPending();
      if (taken === 'exhausted') {
        // The transaction rolls back, but the refusal is what the user got.
        deps.counted.refusals.inc();
        throw limitReached();
      }
      await addQuestion(tx, { id: queryId, userId, message, periodStart: taken.periodStart });
      await tx.publish(QueryConsumedEvent, userId, { userId, queryId, periodStart: timestampFromDate(taken.periodStart) });
      return taken;
    });

  /** An answer that failed is not charged (see refundQuery); an abstention keeps its history row but not its charge. */
  const refund = (userId: string, queryId: string, taken: TakenQuery, { failed }: { failed: boolean }): Promise<void> =>
    deps.uow.run(async (tx) => {
      if (failed && !(await removeQuestion(tx, queryId))) return;
      await refundQuery(tx, { id: queryId, user_id: userId, period_start: taken.periodStart });
    });

  /** Answers a charged question and keeps the answer; an answer that fails is given back and ends in answerFailed. */
  const answerCharged = async (query: { userId: string; queryId: string; taken: TakenQuery; message: string; log: ServiceApp['log']; onPart?: (part: AnswerPart) => void }): Promise<AnswerBody> => {
    const { userId, queryId, taken } = query;
    let answer: Answer;
    try {
      answer = await deps.answerer.answer(query.message, { signal: AbortSignal.timeout(deps.config.ANSWER_TIMEOUT_MS), onPart: query.onPart });
    } catch (error) {
      query.log.warn({ err: error, queryId }, 'answer failed; the query was given back');
      await refund(userId, queryId, taken, { failed: true });
      throw answerFailed();
    }
    // The curators' coverage report learns of the answer with it, unless the history was cleared meanwhile.
    await deps.uow.run(async (tx) => {
      if (!(await recordAnswer(tx, queryId, answer))) return;
      await tx.publish(AnswerGivenEvent, userId, {
        userId,
        queryId,
        question: query.message,
        abstained: answer.abstained,
        sourceIds: answer.sources.map((source) => source.id),
        answeredAt: timestampFromDate(new Date()),
      });
    });
    deps.counted.answers.inc({ outcome: answer.abstained ? 'abstained' : 'answered' });
    if (answer.abstained) await refund(userId, queryId, taken, { failed: false });
    return { id: queryId, response: answer.response, sources: answer.sources, followUps: answer.followUps };
  };

  app.post(
    '/api/chat',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'Ask a question: answered from the knowledge base, within the monthly allowance',
        body: Type.Object({ message: Type.String() }, { additionalProperties: false }),
        response: { 200: AnswerResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      const message = request.body.message.trim();
      if (message.length < MESSAGE_MIN || message.length > MESSAGE_MAX) throw badRequest(`Your question must be between ${String(MESSAGE_MIN)} and ${String(MESSAGE_MAX)} characters.`, 'INVALID_MESSAGE');
      const { userId } = currentUser(request);
      const queryId = randomUUID();
      const taken = await charge(userId, queryId, message);
      if (!wantsEventStream(request.headers.accept)) return answerCharged({ userId, queryId, taken, message, log: request.log });
      // The answer is written to the end even when the client has gone, so its history holds it.
      const stream = new PassThrough();
      const send = (text: string) => {
        if (!stream.destroyed) stream.write(text);
      };
      void answerCharged({ userId, queryId, taken, message, log: request.log, onPart: (part) => { send(eventOf(part)); } })
        .then(
          (body) => { send(event('done', body)); },
          (error: unknown) => {
            if (!(error instanceof AppError)) request.log.error({ err: error, queryId }, 'a streamed answer failed');
            send(event('error', streamedError(error)));
          },
        )
        .finally(() => stream.end());
      // no-transform: a compressing proxy would hold the events back until its buffer fills.
      return reply.type('text/event-stream').header('cache-control', 'no-cache, no-transform').send(stream as unknown as AnswerBody);
    },
  );
}
