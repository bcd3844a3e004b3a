import { AppError, forbidden, type Logger, type UnitOfWork } from '@betterplus/kit';
import { AnswerGivenEvent, QueryConsumedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { takeQuery, type TakenQuery } from '../db/allowance.ts';
import { addQuestion, recordAnswer, removeQuestion } from '../db/history.ts';
import type { Answer, Answerer, AnswerPart, AnswerSource } from '../domain/answerer.ts';
import { planPending } from '../domain/plan-pending.ts';
import { refundQuery } from './refund.ts';

const limitReached = () => forbidden("You've reached your monthly query limit. Upgrade your plan to continue asking questions.", 'LIMIT_REACHED');
const answerFailed = () => new AppError(503, 'ANSWER_FAILED', 'We could not answer just now, and this question was not counted. Please try again.');

export interface AnsweringDeps {
  uow: UnitOfWork;
  answerer: Answerer;
  /** Longest an answer may take before it counts as failed. */
  answerTimeoutMs: number;
  /** Told of each question refused for a used-up allowance and of each answer kept (the route's counters). */
  counted: { refused(): void; answered(outcome: 'answered' | 'abstained'): void };
}

/** A question asked and charged: who asked it, its id, the use it took. */
export interface ChargedQuestion {
  userId: string;
  queryId: string;
  taken: TakenQuery;
  message: string;
}

export interface GivenAnswer {
  id: string;
  response: string;
  sources: AnswerSource[];
  followUps: string[];
}

/**
 * Answering a question within the allowance: `charge` takes the query and records the question,
 * then `answer` answers it and keeps the answer. An answer that fails is not charged; an
 * abstention keeps its history row but not its charge.
 */
export function questionAnswering(deps: AnsweringDeps) {
  /** Takes the query from the allowance, records the question and tells billing, in one transaction. */
  const charge = (userId: string, queryId: string, message: string): Promise<TakenQuery> =>
    deps.uow.run(async (tx) => {
      const taken = await takeQuery(tx, userId, new Date());
      if (taken === 'no-plan') throw planPending();
      if (taken === 'exhausted') {
        // The transaction rolls back, but the refusal is what the user got.
        deps.counted.refused();
        throw limitReached();
      }
      await addQuestion(tx, { id: queryId, userId, message, periodStart: taken.periodStart });
      await tx.publish(QueryConsumedEvent, userId, { userId, queryId, periodStart: timestampFromDate(taken.periodStart) });
      return taken;
    });

  /** An answer that failed is not charged (see refundQuery); an abstention keeps its history row but not its charge. */
  const refund = ({ userId, queryId, taken }: ChargedQuestion, { failed }: { failed: boolean }): Promise<void> =>
    deps.uow.run(async (tx) => {
      if (failed && !(await removeQuestion(tx, queryId))) return;
      await refundQuery(tx, { id: queryId, user_id: userId, period_start: taken.periodStart });
    });

  /** Answers a charged question and keeps the answer; an answer that fails is given back and ends in answerFailed. */
  const answer = async (
    question: ChargedQuestion,
    options: { log: Pick<Logger, 'warn'>; onPart?: ((part: AnswerPart) => void) | undefined },
  ): Promise<GivenAnswer> => {
    const { userId, queryId } = question;
    let given: Answer;
    try {
      given = await deps.answerer.answer(question.message, { signal: AbortSignal.timeout(deps.answerTimeoutMs), onPart: options.onPart });
    } catch (error) {
      options.log.warn({ err: error, queryId }, 'answer failed; the query was given back');
      await refund(question, { failed: true });
      throw answerFailed();
    }
    // The curators' coverage report learns of the answer with it, unless the history was cleared meanwhile.
    await deps.uow.run(async (tx) => {
      if (!(await recordAnswer(tx, queryId, given))) return;
      await tx.publish(AnswerGivenEvent, userId, {
        userId,
        queryId,
        question: question.message,
        abstained: given.abstained,
        sourceIds: given.sources.map((source) => source.id),
        answeredAt: timestampFromDate(new Date()),
      });
    });
    deps.counted.answered(given.abstained ? 'abstained' : 'answered');
    if (given.abstained) await refund(question, { failed: false });
    return { id: queryId, response: given.response, sources: given.sources, followUps: given.followUps };
  };

  return { charge, answer };
}
