import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createTestStack, published, type TestStack } from '@betterplus/kit/testing';
import { AnswerGivenEvent, QueryConsumedEvent, QueryRefundedEvent } from '@betterplus/events';
import { ABSTENTION } from '../../src/domain/answerer.ts';
import { applyEntitlement } from '../../src/db/entitlements.ts';
import { bearerFor, billingGrants, currentPeriod, settled, startChat, startChatOnEachDatabase, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chat: Chat;
before(async () => {
  ({ stack, chat } = await startChat());
});
after(() => stack.close());

async function userWith(queriesLimit: number): Promise<string> {
  const userId = randomUUID();
  await billingGrants(chat, userId, { plan: 'premium', queriesLimit, ...currentPeriod() });
  await settled(chat);
  return userId;
}

const ask = async (userId: string, payload: unknown) =>
  chat.app.inject({ method: 'POST', url: '/api/chat', headers: await bearerFor(stack, userId), payload: payload as object });
const left = async (userId: string) =>
  (await chat.app.inject({ method: 'GET', url: '/api/chat/queries-left', headers: await bearerFor(stack, userId) })).json<{ queriesLeft: number }>()
    .queriesLeft;
const historyOf = async (userId: string) =>
  (await chat.app.inject({ method: 'GET', url: '/api/chat/history', headers: await bearerFor(stack, userId) })).json<{
    history: { id: string; message: string; response: string | null; sources: unknown[] }[];
  }>().history;

/** What chat's /metrics shows for `name` (and `outcome`). */
const counted = async (name: string, outcome?: string) =>
  (await chat.deps.metrics.registry.getSingleMetric(name)?.get())?.values.find((v) => outcome === undefined || v.labels.outcome === outcome)?.value;

interface AnswerBody {
  id: string;
  response: string;
  sources: { id: string; title: string; kind: string; url: string }[];
  followUps: string[];
}

describe('POST /api/chat', () => {
  it('answers from the knowledge base with the names in bold and the entries cited, charges one query, keeps the answer and counts it', async () => {
    const userId = await userWith(3);
    const answeredBefore = await counted('chat_answers_total', 'answered');
    const response = await ask(userId, { message: '  How does Goonj use old clothes for rural development?  ' });
    assert.equal(response.statusCode, 200);
    const body = response.json<AnswerBody>();
    assert.match(body.response, /\*\*Goonj\*\*/);
    assert.equal(body.sources[0]?.id, 'goonj');
    assert.ok(body.sources.every((source) => source.url.startsWith('https://')));
    assert.equal(await left(userId), 2);
    assert.equal(await counted('chat_answers_total', 'answered'), (answeredBefore ?? NaN) + 1);
    const [kept, ...rest] = await historyOf(userId);
    assert.deepEqual(
      [kept?.id, kept?.message, kept?.response, kept?.sources, rest],
      [body.id, 'How does Goonj use old clothes for rural development?', body.response, body.sources, []],
    );
    const consumed = (await published(chat, QueryConsumedEvent)).filter((e) => e.key === userId);
    assert.deepEqual(
      consumed.map((e) => e.payload.queryId),
      [body.id],
    );
    const answered = (await published(chat, AnswerGivenEvent))
      .filter((e) => e.key === userId)
      .map(({ payload }) => [payload.queryId, payload.question, payload.abstained, payload.sourceIds]);
    assert.deepEqual(answered, [[body.id, 'How does Goonj use old clothes for rural development?', false, body.sources.map((source) => source.id)]]);
  });

  it('says it is not in the archive for a question the knowledge base does not cover, does not charge it and counts it as abstained', async () => {
    const userId = await userWith(1);
    const countedBefore = [await counted('chat_answers_total', 'answered'), await counted('chat_answers_total', 'abstained')];
    for (const message of ['Who won the football world cup in 2022?', 'What is the population of Brazil?']) {
      const response = await ask(userId, { message });
      assert.equal(response.statusCode, 200, message);
      assert.deepEqual(response.json<AnswerBody>().response, ABSTENTION, message);
      assert.deepEqual(response.json<AnswerBody>().followUps, [], `${message}: nothing near it to offer`);
    }
    assert.equal(await left(userId), 1);
    assert.deepEqual(
      [await counted('chat_answers_total', 'answered'), await counted('chat_answers_total', 'abstained')],
      [countedBefore[0], (countedBefore[1] ?? NaN) + 2],
    );
    assert.equal((await historyOf(userId)).length, 2);
    const abstained = (await published(chat, AnswerGivenEvent))
      .filter((e) => e.key === userId)
      .map(({ payload }) => [payload.question, payload.abstained, payload.sourceIds]);
    assert.deepEqual(abstained.sort(), [
      ['What is the population of Brazil?', true, []],
      ['Who won the football world cup in 2022?', true, []],
    ]);
  });

  it('offers, when it abstains on a question near entries that do not answer it, questions those entries answer', async () => {
    const userId = await userWith(10);
    const abstained = (await ask(userId, { message: 'how do villages in maharashtra plan water use together' })).json<AnswerBody>();
    assert.equal(abstained.response, ABSTENTION);
    assert.equal(abstained.sources.length, 0);
    assert.ok(abstained.followUps.length >= 2 && abstained.followUps.length <= 3, abstained.followUps.join(' | '));
    for (const offered of abstained.followUps) {
      const answered = (await ask(userId, { message: offered })).json<AnswerBody>();
      assert.notEqual(answered.response, ABSTENTION, offered);
      assert.ok(answered.sources.length > 0, offered);
    }
  });

  it('refuses a blank, too long, missing or mistyped message with 400 JSON, charging nothing', async () => {
    const userId = await userWith(1);
    for (const payload of [{ message: '' }, { message: '   ' }, { message: 'x'.repeat(2001) }, {}, { message: 42 }, { message: 'hi', extra: true }]) {
      const response = await ask(userId, payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload).slice(0, 40));
      assert.match(response.json<{ code: string }>().code, /^CHAT_/);
    }
    assert.equal((await ask(userId, { message: `${'Who founded Goonj? '.repeat(105)}Goonj` })).statusCode, 200, '2000 characters are allowed');
    assert.equal(await left(userId), 0);
  });

  it('answers 403 over the allowance (counted as a refusal) and 409 before the plan has arrived, charging nothing', async () => {
    const userId = await userWith(1);
    const refusals = await counted('allowance_refusals_total');
    assert.equal((await ask(userId, { message: 'Who founded Goonj?' })).statusCode, 200);
    const over = await ask(userId, { message: 'Who founded Goonj?' });
    assert.equal(over.statusCode, 403);
    assert.equal(over.json<{ code: string }>().code, 'CHAT_LIMIT_REACHED');
    const pending = await ask(randomUUID(), { message: 'Who founded Goonj?' });
    assert.equal(pending.statusCode, 409);
    assert.equal(pending.json<{ code: string }>().code, 'CHAT_PLAN_PENDING');
    assert.equal(await counted('allowance_refusals_total'), (refusals ?? NaN) + 1, 'the 403 only');
    assert.equal((await historyOf(userId)).length, 1);
  });

  it('does not charge an answer that fails: the use is given back, the question leaves the history, billing is told', async () => {
    const userId = await userWith(2);
    // A real failure inside the answerer: its table is gone.
    await chat.deps.db.exec('ALTER TABLE knowledge_entries RENAME TO knowledge_entries_away');
    try {
      const response = await ask(userId, { message: 'Who founded Goonj?' });
      assert.equal(response.statusCode, 503);
      assert.equal(response.json<{ code: string }>().code, 'CHAT_ANSWER_FAILED');
    } finally {
      await chat.deps.db.exec('ALTER TABLE knowledge_entries_away RENAME TO knowledge_entries');
    }
    assert.equal(await left(userId), 2);
    assert.deepEqual(await historyOf(userId), []);
    const [consumed] = (await published(chat, QueryConsumedEvent)).filter((e) => e.key === userId);
    const refunded = (await published(chat, QueryRefundedEvent)).filter((e) => e.key === userId);
    assert.deepEqual(
      refunded.map((e) => e.payload.queryId),
      [consumed?.payload.queryId],
    );
  });
});

describe('POST /api/chat, sixty at once', () => {
  // A stack of its own: the in-process bus takes one member per consumer group.
  let own: TestStack;
  let chats: { database: string; chat: Chat }[] = [];
  before(async () => {
    own = await createTestStack();
    chats = await startChatOnEachDatabase(own);
  });
  after(() => own.close());

  it('gives a user with 50 left exactly 50 answers and 10 refusals, on each database', async () => {
    for (const { database, chat: onDatabase } of chats) {
      const userId = randomUUID();
      // Granted straight into this instance's database: instances on one stack share the bus.
      await applyEntitlement(onDatabase.deps.db, { userId, plan: 'premium', status: 'active', queriesLimit: 50, ...currentPeriod(), changedAt: new Date() });
      const headers = await bearerFor(own, userId);
      const responses = await Promise.all(
        Array.from({ length: 60 }, () => onDatabase.app.inject({ method: 'POST', url: '/api/chat', headers, payload: { message: 'Who founded Goonj?' } })),
      );
      const statuses = responses.map((r) => r.statusCode);
      assert.deepEqual([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 403).length], [50, 10], database);
      const { rows } = await onDatabase.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_history WHERE user_id = $1', [userId]);
      assert.equal(rows[0]?.n, 50, database);
    }
  });
});

describe('POST /api/chat with Accept: text/event-stream', () => {
  it('streams the sources first, then the text, then the whole answer, which the history already holds', async () => {
    const userId = await userWith(1);
    const response = await chat.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: { ...(await bearerFor(stack, userId)), accept: 'text/event-stream' },
      payload: { message: 'Who founded Goonj?' },
    });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/event-stream/);
    const events = [...response.body.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map(([, name, data]) => ({
      name,
      data: JSON.parse(data ?? 'null') as unknown,
    }));
    const names = events.map((e) => e.name);
    assert.equal(names[0], 'sources');
    assert.equal(names.at(-1), 'done');
    assert.ok(names.filter((n) => n === 'delta').length >= 2);
    const done = events.at(-1)?.data as AnswerBody;
    assert.equal(
      events
        .filter((e) => e.name === 'delta')
        .map((e) => (e.data as { text: string }).text)
        .join(''),
      done.response,
    );
    assert.deepEqual(events[0]?.data, done.sources);
    assert.equal((await historyOf(userId))[0]?.response, done.response);
  });

  it('ends the stream with the JSON error of an answer that fails, and gives the query back', async () => {
    const userId = await userWith(1);
    await chat.deps.db.exec('ALTER TABLE knowledge_entries RENAME TO knowledge_entries_away');
    let body: string;
    try {
      const response = await chat.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: { ...(await bearerFor(stack, userId)), accept: 'text/event-stream' },
        payload: { message: 'Who founded Goonj?' },
      });
      assert.equal(response.statusCode, 200);
      body = response.body;
    } finally {
      await chat.deps.db.exec('ALTER TABLE knowledge_entries_away RENAME TO knowledge_entries');
    }
    const [, name, data] = /event: (\w+)\ndata: (.*)\n\n$/.exec(body) ?? [];
    assert.equal(name, 'error');
    assert.equal((JSON.parse(data ?? '{}') as { code?: string }).code, 'CHAT_ANSWER_FAILED');
    assert.equal(await left(userId), 1);
  });
});
