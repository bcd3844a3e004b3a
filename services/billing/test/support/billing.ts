import type { RunningService } from '@betterplus/kit';
import { createTestStack, eventually, type TestStack } from '@betterplus/kit/testing';
import { UserRegisteredEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { billingService } from '../../src/app.ts';
import type { BillingConfig } from '../../src/config.ts';

export type Billing = RunningService<BillingConfig>;

/** Billing on a fresh test stack (real PostgreSQL, Kafka and Redis when the environment names them). */
export async function startBilling(): Promise<{ stack: TestStack; billing: Billing }> {
  const stack = await createTestStack();
  return { stack, billing: await stack.start(billingService) };
}

/** What identity publishes when an account is created; billing consumes it from the topic. */
export async function registerUser(billing: Billing, userId: string, registeredAt: Date): Promise<void> {
  await billing.deps.uow.run(async (tx) => {
    await tx.publish(UserRegisteredEvent, userId, { userId, name: 'Asha Rao', email: `${userId}@example.in`, registeredAt: timestampFromDate(registeredAt) });
  });
}

export async function subscriptionRow(billing: Billing, userId: string): Promise<{ plan: string; start_date: Date; end_date: Date; queries_limit: number } | undefined> {
  const { rows } = await billing.deps.db.query<{ plan: string; start_date: Date; end_date: Date; queries_limit: number }>(
    'SELECT plan, start_date, end_date, queries_limit FROM subscriptions WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** Waits until billing has applied the registration of `userId`. */
export const subscribed = (billing: Billing, userId: string) => eventually(() => subscriptionRow(billing, userId));

export { bearerFor } from '@betterplus/kit/testing';
