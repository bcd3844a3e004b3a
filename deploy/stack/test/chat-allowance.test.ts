import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { RunningService } from '@betterplus/kit';
import { bearerFor, createTestStack, eventually, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { SubscriptionChangedEvent, UserRegisteredEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { services } from '../src/services.ts';

describe(`chat's allowance and billing's count, on the ${realInfrastructure.kafka ? 'real stack (PostgreSQL, Kafka)' : 'test stack'}`, () => {
  let stack: TestStack;
  let billing: RunningService;
  let chat: RunningService;
  before(async () => {
    stack = await createTestStack();
    billing = await stack.start(services.billing);
    chat = await stack.start(services.chat);
  });
  after(() => stack.close());

  it('sixty simultaneous questions with 50 left: 50 answers, 10 refusals, and billing shows 50 used', async () => {
    const userId = randomUUID();
    const headers = await bearerFor(stack, userId);
    // As identity would: the account is registered, and billing grants Basic.
    await billing.deps.uow.run((tx) =>
      tx
        .publish(UserRegisteredEvent, userId, { userId, name: 'Meera Nair', email: `${userId}@example.in`, registeredAt: timestampFromDate(new Date()) })
        .then(() => undefined),
    );
    const subscription = async () =>
      (await billing.app.inject({ method: 'GET', url: '/api/subscription', headers })).json<{ queriesUsed: number; queriesLimit: number; endDate: string }>();
    await eventually(async () => ((await billing.app.inject({ method: 'GET', url: '/api/subscription', headers })).statusCode === 200 ? true : undefined));
    const { rows } = await billing.deps.db.query<{ start_date: Date; end_date: Date }>('SELECT start_date, end_date FROM subscriptions WHERE user_id = $1', [
      userId,
    ]);
    const period = rows[0] ?? assert.fail('no subscription');
    // Premium for the same period, as billing will publish it on an upgrade.
    await billing.deps.uow.run((tx) =>
      tx
        .publish(SubscriptionChangedEvent, userId, {
          userId,
          plan: 'premium',
          status: 'active',
          queriesLimit: 50,
          periodStart: timestampFromDate(period.start_date),
          periodEnd: timestampFromDate(period.end_date),
          changedAt: timestampFromDate(new Date(Date.now() + 1000)),
        })
        .then(() => undefined),
    );
    const left = async () => (await chat.app.inject({ method: 'GET', url: '/api/chat/queries-left', headers })).json<{ queriesLeft?: number }>().queriesLeft;
    await eventually(async () => ((await left()) === 50 ? true : undefined));

    const responses = await Promise.all(
      Array.from({ length: 60 }, () => chat.app.inject({ method: 'POST', url: '/api/chat', headers, payload: { message: 'Who founded Goonj?' } })),
    );
    const statuses = responses.map((r) => r.statusCode);
    assert.deepEqual([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 403).length], [50, 10]);
    assert.equal(await left(), 0);
    await eventually(async () => ((await subscription()).queriesUsed === 50 ? true : undefined));
  });
});
