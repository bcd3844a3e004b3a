import type { RunningService } from '@betterplus/kit';
import { createTestStack, eventually, startOnEachDatabase, type TestStack } from '@betterplus/kit/testing';
import { SubscriptionChangedEvent, topics } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { chatService } from '../../src/app.ts';
import type { ChatConfig } from '../../src/config.ts';

export type Chat = RunningService<ChatConfig>;

/** chat on a fresh test stack (real PostgreSQL, Kafka and Redis when the environment names them). */
export async function startChat(): Promise<{ stack: TestStack; chat: Chat }> {
  const stack = await createTestStack();
  return { stack, chat: await stack.start(chatService) };
}

/** chat on each database it must behave the same on (see startOnEachDatabase). */
export async function startChatOnEachDatabase(stack: TestStack): Promise<{ database: string; chat: Chat }[]> {
  return (await startOnEachDatabase(stack, chatService)).map(({ database, service }) => ({ database, chat: service }));
}

export interface Plan {
  plan?: string;
  status?: string;
  queriesLimit: number;
  periodStart: Date;
  periodEnd: Date;
  changedAt?: Date;
}

/** What billing publishes when it grants or changes a plan; chat consumes it from the topic. */
export async function billingGrants(chat: Chat, userId: string, plan: Plan): Promise<void> {
  await chat.deps.uow.run(async (tx) => {
    await tx.publish(SubscriptionChangedEvent, userId, {
      userId,
      plan: plan.plan ?? 'basic',
      status: plan.status ?? 'active',
      queriesLimit: plan.queriesLimit,
      periodStart: timestampFromDate(plan.periodStart),
      periodEnd: timestampFromDate(plan.periodEnd),
      changedAt: timestampFromDate(plan.changedAt ?? new Date()),
    });
  });
}

export async function entitlementOf(chat: Chat, userId: string): Promise<{ plan: string; queries_limit: number; status: string } | undefined> {
  const { rows } = await chat.deps.db.query<{ plan: string; queries_limit: number; status: string }>(
    'SELECT plan, queries_limit, status FROM entitlements WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** Waits until chat has handled every event the test published through its outbox. */
export async function settled(chat: Chat): Promise<void> {
  await eventually(async () => {
    const { rows } = await chat.deps.db.query<{ pending: number }>(
      'SELECT (SELECT count(*) FROM outbox WHERE topic = $1)::int - (SELECT count(*) FROM processed_events)::int AS pending',
      [topics.billingSubscription],
    );
    return rows[0]?.pending === 0 ? true : undefined;
  });
}

/** A period around now, `days` long. */
export function currentPeriod(days = 30): { periodStart: Date; periodEnd: Date } {
  const now = Date.now();
  return { periodStart: new Date(now - 24 * 3600 * 1000), periodEnd: new Date(now + days * 24 * 3600 * 1000) };
}

export { bearerFor } from '@betterplus/kit/testing';
