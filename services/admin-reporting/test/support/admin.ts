// Shared by admin-reporting's tests: the service with an admin account, on each database, and
// events published as identity, billing and chat would.
import { randomUUID } from 'node:crypto';
import {
  AnswerGivenEvent,
  AnswerRatedEvent,
  HistoryClearedEvent,
  KnowledgeArchiveImportedEvent,
  PaymentFailedEvent,
  PaymentVerifiedEvent,
  PlanExpiredEvent,
  QueryConsumedEvent,
  QueryRefundedEvent,
  SubscriptionCancelledEvent,
  SubscriptionChangedEvent,
  UserRegisteredEvent,
  UserUpdatedEvent,
} from '@betterplus/events';
import type { RunningService } from '@betterplus/kit';
import { createTestStack, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { adminReportingService } from '../../src/app.ts';
import type { AdminReportingConfig } from '../../src/config.ts';

export type AdminReporting = RunningService<AdminReportingConfig>;

export const ADMIN = { username: 'curator', password: 'correct horse battery staple 42' };
export const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
export const adminHeaders = { authorization: basic(ADMIN.username, ADMIN.password) };

/** A stack per database (PostgreSQL when the environment has it, and PGlite): each service consumes the events its own tests publish. */
export async function startOnEachStack(): Promise<{ database: string; stack: TestStack; service: AdminReporting }[]> {
  const databases: { database: string; env: Record<string, string> }[] = realInfrastructure.postgres
    ? [
        { database: 'postgres', env: {} },
        { database: 'pglite', env: { DATABASE_URL: '' } },
      ]
    : [{ database: 'pglite', env: {} }];
  return Promise.all(
    databases.map(async ({ database, env }) => {
      const stack = await createTestStack();
      const service = await stack.start(adminReportingService, { ...env, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
      return { database, stack, service };
    }),
  );
}

/** A protobuf Timestamp init of an instant. */
export const timestampOf = (instant: Date) => ({ seconds: BigInt(Math.floor(instant.getTime() / 1000)), nanos: (instant.getTime() % 1000) * 1_000_000 });

const days = (n: number) => n * 86_400_000;

/** Publishes through the service's own outbox, as the owning service's transaction would. */
export function publisher(service: AdminReporting) {
  const run = service.deps.uow.run.bind(service.deps.uow);
  return {
    registered: (name: string, email: string, at = new Date(), userId = randomUUID()) =>
      run((tx) => tx.publish(UserRegisteredEvent, userId, { userId, name, email, registeredAt: timestampOf(at) })).then(() => userId),
    renamed: (userId: string, name: string, email: string) => run((tx) => tx.publish(UserUpdatedEvent, userId, { userId, name, email })),
    plan: (
      userId: string,
      plan: 'basic' | 'premium',
      { status = 'active', start = new Date(Date.now() - days(1)), changedAt = new Date(), limit = plan === 'premium' ? 50 : 1 } = {},
    ) =>
      run((tx) =>
        tx.publish(SubscriptionChangedEvent, userId, {
          userId,
          plan,
          status,
          queriesLimit: limit,
          periodStart: timestampOf(start),
          periodEnd: timestampOf(new Date(start.getTime() + days(30))),
          changedAt: timestampOf(changedAt),
        }),
      ),
    paid: (userId: string, amountPaise: bigint, at = new Date(), paymentId = `pay_${randomUUID().slice(0, 14)}`) =>
      run((tx) =>
        tx.publish(PaymentVerifiedEvent, userId, {
          userId,
          paymentId,
          providerSubscriptionId: `sub_${userId.slice(0, 14)}`,
          invoiceId: 1n,
          invoiceNumber: 'INV-000001',
          amountPaise,
          plan: 'premium',
          periodStart: timestampOf(at),
          periodEnd: timestampOf(new Date(at.getTime() + days(30))),
          verifiedAt: timestampOf(at),
        }),
      ).then(() => paymentId),
    paymentFailed: (userId: string, at = new Date()) =>
      run((tx) =>
        tx.publish(PaymentFailedEvent, userId, {
          userId,
          paymentId: 'pay_failed',
          providerSubscriptionId: `sub_${userId.slice(0, 14)}`,
          amountPaise: 294_882n,
          reason: 'card declined',
          failedAt: timestampOf(at),
        }),
      ),
    cancelled: (userId: string, at = new Date()) =>
      run((tx) =>
        tx.publish(SubscriptionCancelledEvent, userId, {
          userId,
          providerSubscriptionId: `sub_${userId.slice(0, 14)}`,
          accessUntil: timestampOf(new Date(at.getTime() + days(20))),
          cancelledAt: timestampOf(at),
        }),
      ),
    expired: (userId: string, at = new Date()) => run((tx) => tx.publish(PlanExpiredEvent, userId, { userId, plan: 'premium', expiredAt: timestampOf(at) })),
    asked: (userId: string, start = new Date(Date.now() - days(1)), queryId = randomUUID()) =>
      run((tx) => tx.publish(QueryConsumedEvent, userId, { userId, queryId, periodStart: timestampOf(start) })).then(() => queryId),
    refunded: (userId: string, queryId: string, start = new Date(Date.now() - days(1))) =>
      run((tx) => tx.publish(QueryRefundedEvent, userId, { userId, queryId, periodStart: timestampOf(start) })),
    answered: (userId: string, question: string, { abstained = false, at = new Date(), queryId = randomUUID() } = {}) =>
      run((tx) =>
        tx.publish(AnswerGivenEvent, userId, { userId, queryId, question, abstained, sourceIds: abstained ? [] : ['goonj'], answeredAt: timestampOf(at) }),
      ),
    rated: (
      userId: string,
      question: string,
      { helpful = false, reason = '', sourceIds = ['goonj'], abstained = false, at = new Date(), queryId = randomUUID() } = {},
    ) =>
      run((tx) => tx.publish(AnswerRatedEvent, userId, { userId, queryId, helpful, reason, question, sourceIds, abstained, ratedAt: timestampOf(at) })).then(
        () => queryId,
      ),
    cleared: (userId: string, at = new Date()) => run((tx) => tx.publish(HistoryClearedEvent, userId, { userId, clearedAt: timestampOf(at) })),
    archive: (entries: number, reviewDates: { reviewBy: string; entries: number }[], at = new Date()) =>
      run((tx) => tx.publish(KnowledgeArchiveImportedEvent, 'archive', { entries, reviewDates, importedAt: timestampOf(at) })),
  };
}
