import { ErrorResponse, Type, badRequest, conflict, currentUser, notFound, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { AnswerRatedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { markAnswer, markableItem } from '../db/feedback.ts';
import { Feedback, REASON_MAX } from '../contracts/schemas.ts';

const MarkBody = Type.Object(
  {
    helpful: Type.Boolean(),
    reason: Type.Optional(Type.String({ description: `Why, optional: at most ${String(REASON_MAX)} characters once trimmed; blank is none` })),
  },
  { additionalProperties: false },
);

/** The trimmed reason, null when blank; a lone UTF-16 half, which no database text holds, becomes U+FFFD. */
const reasonOf = (reason: string | undefined): string | null => {
  const trimmed = reason?.trim().toWellFormed() ?? '';
  if (trimmed.length > REASON_MAX) throw badRequest(`Your reason must be at most ${String(REASON_MAX)} characters.`, 'INVALID_REASON');
  return trimmed === '' ? null : trimmed;
};

export function feedbackRoutes(app: ServiceApp, deps: Pick<ServiceDeps, 'uow' | 'authenticate'>): void {
  app.put(
    '/api/chat/history/:id/feedback',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: "Marks an answer in the signed-in user's history helpful or not (a later mark replaces it)",
        params: Type.Object({ id: Type.String({ format: 'uuid', description: 'The history item (the id POST /api/chat answered)' }) }),
        body: MarkBody,
        response: { 200: Feedback, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const feedback: Feedback = { helpful: request.body.helpful, reason: reasonOf(request.body.reason) };
      const { userId } = currentUser(request);
      const queryId = request.params.id;
      // The mark and its event in one transaction; the same mark again changes and tells nothing.
      await deps.uow.run(async (tx) => {
        const item = await markableItem(tx, userId, queryId);
        if (!item) throw notFound('No such answer in your history', 'ANSWER_NOT_FOUND');
        if (item.pending) throw conflict('This question is still being answered. Mark it once its answer is there.', 'ANSWER_PENDING');
        const ratedAt = await markAnswer(tx, queryId, feedback);
        if (!ratedAt) return;
        await tx.publish(AnswerRatedEvent, userId, {
          userId,
          queryId,
          helpful: feedback.helpful,
          reason: feedback.reason ?? '',
          question: item.message,
          sourceIds: item.sources.map((source) => source.id),
          abstained: item.abstained,
          ratedAt: timestampFromDate(ratedAt),
        });
      });
      return feedback;
    },
  );
}
