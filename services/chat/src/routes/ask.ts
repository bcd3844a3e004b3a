import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { AppError, ErrorResponse, Type, type Static, badRequest, currentUser, type ErrorBody, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import type { ChatConfig } from '../config.ts';
import type { Answerer, AnswerPart } from '../domain/answerer.ts';
import { questionAnswering } from '../use-cases/answer-question.ts';
import type { ChatMetrics } from './metrics.ts';
import { Source } from '../contracts/schemas.ts';

/** The spec's bounds of a question, after trimming. */
export const MESSAGE_MIN = 1;
export const MESSAGE_MAX = 2000;

const AnswerResponse = Type.Object({
  id: Type.String({ format: 'uuid' }),
  response: Type.String({ minLength: 1 }),
  sources: Type.Array(Source),
  followUps: Type.Array(Type.String()),
});

const wantsEventStream = (accept: string | undefined): boolean => accept?.split(',').some((type) => type.trim().startsWith('text/event-stream')) ?? false;

const event = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

const eventOf = (part: AnswerPart): string => {
  if (part.kind === 'sources') return event('sources', part.sources);
  if (part.kind === 'delta') return event('delta', { text: part.text });
  return event('restart', {});
};

// The status line has gone out by the time an answer fails, so the error is the stream's last event.
const streamedError = (error: unknown): ErrorBody =>
  error instanceof AppError
    ? { error: error.message, code: `CHAT_${error.code}` }
    : { error: 'Something went wrong on our side. Please try again.', code: 'CHAT_INTERNAL' };

type AnswerBody = Static<typeof AnswerResponse>;

export interface AskDeps extends Pick<ServiceDeps<ChatConfig>, 'db' | 'uow' | 'authenticate' | 'config'> {
  answerer: Answerer;
  counted: ChatMetrics;
}

export function askRoutes(app: ServiceApp, deps: AskDeps): void {
  const answering = questionAnswering({
    uow: deps.uow,
    answerer: deps.answerer,
    answerTimeoutMs: deps.config.ANSWER_TIMEOUT_MS,
    counted: {
      refused: () => {
        deps.counted.refusals.inc();
      },
      answered: (outcome) => {
        deps.counted.answers.inc({ outcome });
      },
    },
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
      if (message.length < MESSAGE_MIN || message.length > MESSAGE_MAX)
        throw badRequest(`Your question must be between ${String(MESSAGE_MIN)} and ${String(MESSAGE_MAX)} characters.`, 'INVALID_MESSAGE');
      const { userId } = currentUser(request);
      const queryId = randomUUID();
      const question = { userId, queryId, message, taken: await answering.charge(userId, queryId, message) };
      if (!wantsEventStream(request.headers.accept)) return answering.answer(question, { log: request.log });
      // The answer is written to the end even when the client has gone, so its history holds it.
      const stream = new PassThrough();
      const send = (text: string) => {
        if (!stream.destroyed) stream.write(text);
      };
      void answering
        .answer(question, {
          log: request.log,
          onPart: (part) => {
            send(eventOf(part));
          },
        })
        .then(
          (body) => {
            send(event('done', body));
          },
          (error: unknown) => {
            if (!(error instanceof AppError)) request.log.error({ err: error, queryId }, 'a streamed answer failed');
            send(event('error', streamedError(error)));
          },
        )
        .finally(() => stream.end());
      // no-transform: a compressing proxy would hold the events back until its buffer fills.
      return reply
        .type('text/event-stream')
        .header('cache-control', 'no-cache, no-transform')
        .send(stream as unknown as AnswerBody);
    },
  );
}
