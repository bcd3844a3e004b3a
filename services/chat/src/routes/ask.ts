import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError, ErrorResponse, Type, badRequest, currentUser, forbidden, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { QueryConsumedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ChatConfig } from '../config.ts';
import { takeQuery, type TakenQuery } from '../db/allowance.ts';
import { addQuestion, recordAnswer, removeQuestion } from '../db/history.ts';
import type { Answer, Answerer } from '../domain/answerer.ts';
import { refundQuery } from '../domain/refund.ts';
import { planPending } from './plan-pending.ts';

/** The spec's bounds of a question, after trimming. */
export const MESSAGE_MIN = 1;
export const MESSAGE_MAX = 2000;

const AnswerResponse = Type.Object({
  id: Type.String({ format: 'uuid' }),
  response: Type.String({ minLength: 1 }),
  sources: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), kind: Type.String(), url: Type.String() })),
  followUps: Type.Array(Type.String()),
});

const limitReached = () => forbidden("You've reached your monthly query limit. Upgrade your plan to continue asking questions.", 'LIMIT_REACHED');
const answerFailed = () => new AppError(503, 'ANSWER_FAILED', 'We could not answer just now, and this question was not counted. Please try again.');

const wantsEventStream = (accept: string | undefined): boolean => accept?.split(',').some((type) => type.trim().startsWith('text/event-stream')) ?? false;

const event = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Server-sent events of an answer: its sources first, then its text a few words at a time, then the whole answer. */
export function* answerEvents(body: { id: string; response: string; sources: readonly unknown[]; followUps: readonly string[] }): Generator<string> {
  yield event('sources', body.sources);
  for (const words of body.response.match(/(?:\S+\s*){1,4}/g) ?? []) yield event('delta', { text: words });
  yield event('done', body);
}

export interface AskDeps extends Pick<ServiceDeps<ChatConfig>, 'db' | 'uow' | 'authenticate' | 'config'> {
  answerer: Answerer;
}

export function askRoutes(app: ServiceApp, deps: AskDeps): void {
  /** Takes the query from the allowance, records the question and tells billing, in one transaction. */
  const charge = (userId: string, queryId: string, message: string): Promise<TakenQuery> =>
    deps.uow.run(async (tx) => {
      const taken = await takeQuery(tx, userId, new Date());
      if (taken === 'no-plan') throw planPending();
      if (taken === 'exhausted') throw limitReached();
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
      let answer: Answer;
      try {
        answer = await deps.answerer.answer(message, { signal: AbortSignal.timeout(deps.config.ANSWER_TIMEOUT_MS) });
      } catch (error) {
        request.log.warn({ err: error, queryId }, 'answer failed; the query was given back');
        await refund(userId, queryId, taken, { failed: true });
        throw answerFailed();
      }
      // Stored before it is sent, so a client that has gone finds it in the history.
      await recordAnswer(deps.db, queryId, answer);
      if (answer.abstained) await refund(userId, queryId, taken, { failed: false });
      const body = { id: queryId, response: answer.response, sources: answer.sources, followUps: answer.followUps };
      if (!wantsEventStream(request.headers.accept)) return body;
      // A stream is sent as it is; the response schema describes the JSON form of the answer.
      return reply.type('text/event-stream').header('cache-control', 'no-cache').send(Readable.from(answerEvents(body)) as unknown as typeof body);
    },
  );
}
