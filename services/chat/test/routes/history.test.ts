import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { published, type TestStack } from '@betterplus/kit/testing';
import { HistoryClearedEvent, topics } from '@betterplus/events';
import { addQuestion, recordAnswer, removeQuestion } from '../../src/db/history.ts';
import { bearerFor, startChat, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chat: Chat;
before(async () => {
  ({ stack, chat } = await startChat());
});
after(() => stack.close());

interface Page {
  history: { id: string; message: string; response: string | null; created_at: string; sources: unknown[] }[];
}

async function ask(userId: string, message: string, response?: string): Promise<string> {
  const id = randomUUID();
  await addQuestion(chat.deps.db, { id, userId, message, periodStart: new Date('2026-11-01T00:00:00Z') });
  if (response)
    await recordAnswer(chat.deps.db, id, {
      response,
      sources: [{ id: 'goonj', title: 'Goonj', kind: 'organisation', url: 'https://goonj.org' }],
      followUps: [],
      abstained: false,
    });
  return id;
}

const history = async (userId: string, query = '') =>
  chat.app.inject({ method: 'GET', url: `/api/chat/history${query}`, headers: await bearerFor(stack, userId) });

describe('GET /api/chat/history', () => {
  it("answers only the caller's entries, newest first, a pending one with a null response", async () => {
    const [asha, ravi] = [randomUUID(), randomUUID()];
    await ask(asha, 'first', 'an answer');
    await ask(ravi, "someone else's");
    await ask(asha, 'second');
    const response = await history(asha);
    assert.equal(response.statusCode, 200);
    const page = response.json<Page>();
    assert.deepEqual(
      page.history.map(({ message, response: text }) => [message, text]),
      [
        ['second', null],
        ['first', 'an answer'],
      ],
    );
    assert.deepEqual(page.history[1]?.sources, [{ id: 'goonj', title: 'Goonj', kind: 'organisation', url: 'https://goonj.org' }]);
    assert.match(page.history[0]?.created_at ?? '', /^\d{4}-\d\d-\d\dT/);
  });

  it('pages through a long history with limit and before', async () => {
    const userId = randomUUID();
    for (let i = 1; i <= 5; i += 1) await ask(userId, `q${String(i)}`, `a${String(i)}`);
    const first = (await history(userId, '?limit=2')).json<Page>().history;
    assert.deepEqual(
      first.map((e) => e.message),
      ['q5', 'q4'],
    );
    const second = (await history(userId, `?limit=2&before=${first[1]?.id ?? ''}`)).json<Page>().history;
    assert.deepEqual(
      second.map((e) => e.message),
      ['q3', 'q2'],
    );
  });

  it('refuses a bad limit or cursor with 400 JSON, and answers 401 without a token', async () => {
    const userId = randomUUID();
    for (const query of ['?limit=0', '?limit=201', '?limit=ten', '?before=not-an-id', '?extra=1']) {
      const response = await history(userId, query);
      assert.equal(response.statusCode, 400, query);
      assert.equal(response.json<{ code: string }>().code, 'CHAT_VALIDATION', query);
    }
    assert.equal((await chat.app.inject({ method: 'GET', url: '/api/chat/history' })).statusCode, 401);
  });
});

describe('DELETE /api/chat/history', () => {
  it("clears only the caller's history and tells the other services", async () => {
    const [asha, ravi] = [randomUUID(), randomUUID()];
    await ask(asha, 'mine', 'yes');
    await ask(asha, 'also mine', 'yes');
    await ask(ravi, 'not hers', 'no');
    const response = await chat.app.inject({ method: 'DELETE', url: '/api/chat/history', headers: await bearerFor(stack, asha) });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { cleared: 2 });
    assert.deepEqual((await history(asha)).json<Page>().history, []);
    assert.deepEqual(
      (await history(ravi)).json<Page>().history.map((e) => e.message),
      ['not hers'],
    );
    const cleared = (await published(chat, HistoryClearedEvent)).filter((e) => e.key === asha);
    assert.deepEqual(
      cleared.map((e) => [e.topic, e.payload.userId]),
      [[topics.chatHistory, asha]],
    );
  });

  it('keeps a question still being answered, so an answer that then fails is given back', async () => {
    const userId = randomUUID();
    await ask(userId, 'answered', 'yes');
    const inFlight = await ask(userId, 'being answered');
    const response = await chat.app.inject({ method: 'DELETE', url: '/api/chat/history', headers: await bearerFor(stack, userId) });
    assert.deepEqual(response.json(), { cleared: 1 });
    assert.deepEqual(
      (await history(userId)).json<Page>().history.map((e) => [e.message, e.response]),
      [['being answered', null]],
    );
    // What the request does when the answer fails: only the one that removes the row refunds it.
    assert.equal(await removeQuestion(chat.deps.db, inFlight), true);
  });
});
