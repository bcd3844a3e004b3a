// Marks of answers (PUT /api/chat/history/{id}/feedback): the asker's own answered items only, a
// later mark replacing the earlier, each change told by AnswerRated through the outbox, and gone
// with a cleared history; on PostgreSQL (where marks race for real) and PGlite.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createTestStack, published, realInfrastructure, type TestStack } from '@betterplus/kit/testing';
import { AnswerRatedEvent, topics } from '@betterplus/events';
import { applyEntitlement } from '../../src/db/entitlements.ts';
import { addQuestion, recordAnswer } from '../../src/db/history.ts';
import { bearerFor, currentPeriod, startChatOnEachDatabase, type Chat } from '../support/chat.ts';

let stack: TestStack;
let onEach: { database: string; chat: Chat }[] = [];
before(async () => {
  stack = await createTestStack();
  onEach = await startChatOnEachDatabase(stack);
});
after(() => stack.close());

const GOONJ = { id: 'goonj', title: 'Goonj', kind: 'organisation', url: 'https://goonj.org' };

interface HistoryItem {
  id: string;
  message: string;
  feedback: { helpful: boolean; reason: string | null } | null;
}

for (const database of realInfrastructure.postgres ? ['postgres', 'pglite'] : ['pglite']) {
  describe(`PUT /api/chat/history/{id}/feedback on ${database}`, () => {
    const chat = (): Chat => onEach.find((s) => s.database === database)?.chat ?? assert.fail(`no chat on ${database}`);

    /** A history item of `userId`, answered unless `answer` is null. */
    async function asked(
      userId: string,
      message: string,
      answer: { sources: (typeof GOONJ)[]; abstained: boolean } | null = { sources: [GOONJ], abstained: false },
    ): Promise<string> {
      const id = randomUUID();
      await addQuestion(chat().deps.db, { id, userId, message, periodStart: new Date('2026-11-01T00:00:00Z') });
      if (answer) await recordAnswer(chat().deps.db, id, { response: 'An answer.', followUps: [], ...answer });
      return id;
    }
    const mark = async (userId: string, id: string, payload: unknown) =>
      chat().app.inject({ method: 'PUT', url: `/api/chat/history/${id}/feedback`, headers: await bearerFor(stack, userId), payload: payload as object });
    const historyOf = async (userId: string) =>
      (await chat().app.inject({ method: 'GET', url: '/api/chat/history', headers: await bearerFor(stack, userId) })).json<{ history: HistoryItem[] }>()
        .history;
    const ratedOf = async (userId: string) => (await published(chat(), AnswerRatedEvent)).filter((e) => e.key === userId);
    const marksOf = async (id: string) =>
      (await chat().deps.db.query<{ helpful: boolean; reason: string | null }>('SELECT helpful, reason FROM answer_feedback WHERE query_id = $1', [id])).rows;

    it('marks an answer not helpful with its trimmed reason, shows it in the history and tells the curators through the outbox', async () => {
      const userId = randomUUID();
      const id = await asked(userId, 'How does Goonj work?');
      const response = await mark(userId, id, { helpful: false, reason: '  It does not say where Goonj works.  ' });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { helpful: false, reason: 'It does not say where Goonj works.' });
      assert.deepEqual(
        (await historyOf(userId)).map((item) => [item.id, item.feedback]),
        [[id, { helpful: false, reason: 'It does not say where Goonj works.' }]],
      );
      const rated = await ratedOf(userId);
      assert.deepEqual(
        rated.map(({ topic, payload }) => [
          topic,
          payload.userId,
          payload.queryId,
          payload.helpful,
          payload.reason,
          payload.question,
          payload.sourceIds,
          payload.abstained,
        ]),
        [[topics.chatAnswer, userId, id, false, 'It does not say where Goonj works.', 'How does Goonj work?', ['goonj'], false]],
      );
      assert.ok(rated[0]?.payload.ratedAt, 'with the time of the mark');
    });

    it('says whether the marked answer abstained; a blank reason is none', async () => {
      const userId = randomUUID();
      const id = await asked(userId, 'best pizza in Delhi', { sources: [], abstained: true });
      const response = await mark(userId, id, { helpful: false, reason: '   ' });
      assert.deepEqual(response.json(), { helpful: false, reason: null });
      assert.deepEqual(
        (await ratedOf(userId)).map(({ payload }) => [payload.abstained, payload.sourceIds, payload.reason]),
        [[true, [], '']],
      );
    });

    it('replaces a mark with a later different one, and takes the same mark again as done, telling nothing', async () => {
      const userId = randomUUID();
      const id = await asked(userId, 'What is Cloth for Work?');
      for (const payload of [
        { helpful: false, reason: 'Too short' },
        { helpful: false, reason: 'Too short' },
        { helpful: true },
        { helpful: true },
        { helpful: true, reason: '' },
      ]) {
        assert.equal((await mark(userId, id, payload)).statusCode, 200, JSON.stringify(payload));
      }
      assert.deepEqual(await marksOf(id), [{ helpful: true, reason: null }]);
      assert.deepEqual((await historyOf(userId))[0]?.feedback, { helpful: true, reason: null });
      assert.deepEqual(
        (await ratedOf(userId)).map(({ payload }) => [payload.helpful, payload.reason]),
        [
          [false, 'Too short'],
          [true, ''],
        ],
      );
    });

    it("answers 404 for another user's answer and for an unknown one, changing and telling nothing", async () => {
      const [asha, ravi] = [randomUUID(), randomUUID()];
      const hers = await asked(asha, 'Who founded Goonj?');
      for (const [userId, id] of [
        [ravi, hers],
        [asha, randomUUID()],
      ] as const) {
        const response = await mark(userId, id, { helpful: false, reason: 'not mine to judge' });
        assert.equal(response.statusCode, 404);
        assert.deepEqual(response.json(), { error: 'No such answer in your history', code: 'CHAT_ANSWER_NOT_FOUND' });
      }
      assert.deepEqual(await marksOf(hers), []);
      assert.deepEqual([...(await ratedOf(asha)), ...(await ratedOf(ravi))], []);
    });

    it('refuses a question still being answered with 409: there is no answer to mark yet', async () => {
      const userId = randomUUID();
      const id = await asked(userId, 'Still thinking?', null);
      const response = await mark(userId, id, { helpful: true });
      assert.equal(response.statusCode, 409);
      assert.equal(response.json<{ code: string }>().code, 'CHAT_ANSWER_PENDING');
      assert.deepEqual(await marksOf(id), []);
      assert.deepEqual(await ratedOf(userId), []);
    });

    it('refuses bad input with 400 JSON, changing nothing; a reason of 500 characters once trimmed is taken', async () => {
      const userId = randomUUID();
      const id = await asked(userId, 'How do I register an NGO?');
      const cases: [string, string, unknown][] = [
        ['an id that is no uuid', 'not-an-id', { helpful: true }],
        ['no helpful', id, { reason: 'why' }],
        ['helpful as text', id, { helpful: 'true' }],
        ['helpful as a number', id, { helpful: 1 }],
        ['a null reason', id, { helpful: false, reason: null }],
        ['a reason that is a number', id, { helpful: false, reason: 42 }],
        ['a reason of 501 characters', id, { helpful: false, reason: 'x'.repeat(501) }],
        ['a NUL in the reason', id, { helpful: false, reason: 'bad\u0000reason' }],
        ['an unknown field', id, { helpful: true, userId }],
        ['an array', id, [true]],
      ];
      for (const [label, target, payload] of cases) {
        const response = await mark(userId, target, payload);
        assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
        assert.match(response.json<{ code: string }>().code, /^CHAT_(VALIDATION|INVALID_REASON)$/, label);
        assert.equal(typeof response.json<{ error: string }>().error, 'string', label);
      }
      const notJson = await chat().app.inject({
        method: 'PUT',
        url: `/api/chat/history/${id}/feedback`,
        headers: { ...(await bearerFor(stack, userId)), 'content-type': 'application/json' },
        payload: '{"helpful":',
      });
      assert.equal(notJson.statusCode, 400);
      assert.deepEqual(await marksOf(id), []);
      assert.deepEqual(await ratedOf(userId), []);
      assert.equal((await chat().app.inject({ method: 'PUT', url: `/api/chat/history/${id}/feedback`, payload: { helpful: true } })).statusCode, 401);

      const longest = await mark(userId, id, { helpful: false, reason: ` ${'y'.repeat(500)}\n` });
      assert.equal(longest.statusCode, 200);
      assert.equal(longest.json<{ reason: string }>().reason, 'y'.repeat(500));
    });

    it('ends twenty marks sent at once with one mark, the one the last event told', async () => {
      const userId = randomUUID();
      const id = await asked(userId, 'How can I volunteer with Pratham?');
      const marks = Array.from({ length: 20 }, (_, i) => ({ helpful: i % 2 === 0, reason: `reason ${String(i)}` }));
      const responses = await Promise.all(marks.map((payload) => mark(userId, id, payload)));
      assert.deepEqual(
        responses.map((r) => r.statusCode),
        marks.map(() => 200),
      );
      const [kept, ...others] = await marksOf(id);
      assert.deepEqual(others, []);
      const rated = await ratedOf(userId);
      assert.equal(rated.length, 20, 'each mark changed the one before it');
      assert.deepEqual(kept, { helpful: rated.at(-1)?.payload.helpful, reason: rated.at(-1)?.payload.reason });
      const times = rated.map(({ payload }) => (payload.ratedAt?.seconds ?? 0n) * 1_000_000_000n + BigInt(payload.ratedAt?.nanos ?? 0));
      assert.deepEqual(
        times,
        times.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        'later events carry later times',
      );

      const same = await asked(userId, 'Who runs Pratham?');
      await Promise.all(Array.from({ length: 20 }, () => mark(userId, same, { helpful: false, reason: 'Out of date' })));
      assert.deepEqual(
        (await ratedOf(userId)).filter((e) => e.payload.queryId === same).map(({ payload }) => [payload.helpful, payload.reason]),
        [[false, 'Out of date']],
      );
    });

    it('clears the marks with the history; a mark of a cleared answer is a 404, even one racing the clearing', async () => {
      const userId = randomUUID();
      const ids = [await asked(userId, 'first'), await asked(userId, 'second'), await asked(userId, 'third')];
      await mark(userId, ids[0] ?? '', { helpful: false, reason: 'wrong' });
      const headers = await bearerFor(stack, userId);
      const [cleared, ...racing] = await Promise.all([
        chat().app.inject({ method: 'DELETE', url: '/api/chat/history', headers }),
        ...ids.flatMap((id) => [mark(userId, id, { helpful: true }), mark(userId, id, { helpful: false })]),
      ]);
      assert.deepEqual(cleared.json(), { cleared: 3 });
      for (const response of racing) assert.ok([200, 404].includes(response.statusCode), response.body);
      const { rows } = await chat().deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM answer_feedback WHERE query_id = ANY($1::uuid[])', [ids]);
      assert.equal(rows[0]?.n, 0);
      assert.equal((await mark(userId, ids[1] ?? '', { helpful: true })).statusCode, 404);
    });
  });
}

describe('marks of answers chat gave (POST /api/chat)', () => {
  it('tell whether the answer abstained and which entries it cited', async () => {
    const chat = onEach[0]?.chat ?? assert.fail('no chat');
    const userId = randomUUID();
    // Straight into chat's projection: this file's two chats share one consumer group, so billing's event may reach the other.
    await applyEntitlement(chat.deps.db, { userId, plan: 'premium', status: 'active', queriesLimit: 5, ...currentPeriod(), changedAt: new Date() });
    const headers = await bearerFor(stack, userId);
    const ask = async (message: string) =>
      (await chat.app.inject({ method: 'POST', url: '/api/chat', headers, payload: { message } })).json<{ id: string; sources: { id: string }[] }>();
    const answered = await ask('How does Goonj use old clothes for rural development?');
    const abstained = await ask('Who won the football world cup in 2022?');
    for (const { id } of [answered, abstained])
      assert.equal((await chat.app.inject({ method: 'PUT', url: `/api/chat/history/${id}/feedback`, headers, payload: { helpful: false } })).statusCode, 200);
    const rated = (await published(chat, AnswerRatedEvent))
      .filter((e) => e.key === userId)
      .map(({ payload }) => [payload.queryId, payload.abstained, payload.sourceIds]);
    assert.deepEqual(rated, [
      [answered.id, false, answered.sources.map((source) => source.id)],
      [abstained.id, true, []],
    ]);
    assert.ok(answered.sources.length > 0);
  });
});
