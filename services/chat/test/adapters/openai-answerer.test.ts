import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@betterplus/kit';
import { createTestStack, eventually, type TestStack } from '@betterplus/kit/testing';
import { chatService } from '../../src/app.ts';
import { applyEntitlement } from '../../src/db/entitlements.ts';
import { ABSTENTION, type AnswerPart } from '../../src/domain/answerer.ts';
import { createExtractiveAnswerer } from '../../src/domain/extractive-answerer.ts';
import { createOpenAiAnswerer } from '../../src/adapters/openai-answerer.ts';
import { openKnowledgeBase, type KnowledgeBase } from '../../src/use-cases/knowledge-base.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.ts';
import { bearerFor, currentPeriod, startChat, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chat: Chat;
let model: FakeChatCompletions;
let knowledge: KnowledgeBase;
before(async () => {
  ({ stack, chat } = await startChat());
  knowledge = await openKnowledgeBase(chat.deps.db, createLogger('chat-test', 'silent'), chat.deps.config);
  model = await startFakeChatCompletions();
});
after(async () => {
  await model.close();
  await knowledge.close();
  await stack.close();
});

const answerer = () =>
  createOpenAiAnswerer(
    knowledge.retrieve,
    { baseUrl: model.baseUrl, apiKey: 'test-key', model: 'test-model' },
    createExtractiveAnswerer(knowledge.retrieve),
    createLogger('chat-test', 'silent'),
  );
const signal = () => AbortSignal.timeout(5000);
const question = 'Who founded Goonj and what is Cloth for Work?';
const textOf = (parts: readonly AnswerPart[]) => parts.map((part) => (part.kind === 'delta' ? part.text : '')).join('');

describe('the OpenAI-compatible answerer, against a local chat-completions server', () => {
  it('sends only the retrieved entries, and answers with the text and the entries it cites', async () => {
    model.script({
      text: 'Anshu Gupta and Meenakshi Gupta started **Goonj** in 1999 [goonj]. Villagers work on shared assets and receive material in return [goonj].',
    });
    const answer = await answerer().answer(question, { signal: signal() });
    assert.equal(answer.response, 'Anshu Gupta and Meenakshi Gupta started **Goonj** in 1999. Villagers work on shared assets and receive material in return.');
    assert.deepEqual(
      answer.sources.map((s) => s.id),
      ['goonj'],
    );
    assert.equal(answer.abstained, false);
    const [sent] = model.requests.slice(-1);
    assert.ok(sent);
    assert.equal(sent.model, 'test-model');
    assert.deepEqual(
      sent.messages.map((m) => m.role),
      ['system', 'user'],
    );
    const [system = '', prompt = ''] = sent.messages.map((m) => m.content);
    assert.match(system, /only the archive entries/);
    assert.match(prompt, /\[goonj\] Goonj \(organisation\)/);
  });

  it('streams the entries it was given, then the text as the model writes it, without the citations', async () => {
    model.script({ text: '**Goonj** turns old clothes into a resource for villages [goonj]. It began in 1999 [goonj].' });
    const parts: AnswerPart[] = [];
    const answer = await answerer().answer(question, { signal: signal(), onPart: (part) => parts.push(part) });
    assert.equal(model.requests.at(-1)?.stream, true);
    const [first, ...rest] = parts;
    assert.equal(first?.kind, 'sources');
    assert.ok(first.sources.some((source) => source.id === 'goonj'));
    assert.ok(rest.length > 3 && rest.every((part) => part.kind === 'delta'));
    assert.equal(textOf(rest), '**Goonj** turns old clothes into a resource for villages. It began in 1999.');
    assert.equal(answer.response, textOf(rest));
  });

  it('withdraws what it streamed when the model abstains or cannot be trusted, and streams the answer given instead', async () => {
    const extractiveParts: AnswerPart[] = [];
    const extractive = await createExtractiveAnswerer(knowledge.retrieve).answer(question, { signal: signal(), onPart: (part) => extractiveParts.push(part) });
    for (const [scripted, instead] of [
      [{ text: 'Goonj was founded by aliens [made-up-entry].' }, extractive.response],
      [{ status: 500 }, extractive.response],
      [{ text: 'NOT_IN_ARCHIVE' }, ABSTENTION],
    ] as const) {
      model.script(scripted);
      const parts: AnswerPart[] = [];
      const answer = await answerer().answer(question, { signal: signal(), onPart: (part) => parts.push(part) });
      const restart = parts.findIndex((part) => part.kind === 'restart');
      assert.ok(restart > 0, JSON.stringify(scripted));
      assert.ok(!textOf(parts.slice(0, restart)).includes('NOT_IN'), 'the abstention marker is never shown');
      assert.equal(parts[restart + 1]?.kind, 'sources');
      assert.equal(textOf(parts.slice(restart)), instead);
      assert.equal(answer.response, instead);
    }
    assert.deepEqual(
      extractiveParts
        .slice(1)
        .map((part) => part.kind === 'delta' && part.text)
        .join(''),
      extractive.response,
    );
  });

  it('falls back to the extractive answer when the model cites an entry it was not given, fails or is too slow', async () => {
    const extractive = await createExtractiveAnswerer(knowledge.retrieve).answer(question, { signal: signal() });
    for (const scripted of [
      { text: 'Goonj was founded by aliens [made-up-entry].' },
      { text: 'An answer citing nothing.' },
      { status: 500 },
      { status: 429 },
    ]) {
      model.script(scripted);
      assert.deepEqual(await answerer().answer(question, { signal: signal() }), extractive, JSON.stringify(scripted));
    }
    model.script({ text: 'late [goonj]', delayMs: 2000 });
    const fast = createOpenAiAnswerer(
      knowledge.retrieve,
      { baseUrl: model.baseUrl, apiKey: undefined, model: 'm' },
      createExtractiveAnswerer(knowledge.retrieve),
      createLogger('chat-test', 'silent'),
    );
    await assert.rejects(fast.answer(question, { signal: AbortSignal.timeout(200) }), /abort|timeout/i);
  });

  it('abstains when the model says the entries do not answer, offering their questions, and without asking it when nothing fits', async () => {
    model.script({ text: 'NOT_IN_ARCHIVE' });
    const abstained = await answerer().answer(question, { signal: signal() });
    assert.equal(abstained.response, ABSTENTION);
    assert.ok(abstained.followUps.length > 0, 'the questions of the entries it was given are offered');
    const asked = model.requests.length;
    assert.equal((await answerer().answer('What is the population of Brazil?', { signal: signal() })).abstained, true);
    assert.equal(model.requests.length, asked, 'the model was not asked');
  });
});

describe('the answerer chosen from configuration', () => {
  // A stack of its own: the in-process bus takes one member per consumer group.
  let configured: TestStack;
  let withModel: Chat;
  before(async () => {
    configured = await createTestStack();
    withModel = await configured.start(chatService, { OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'test-model', OPENAI_API_KEY: 'test-key' });
  });
  after(() => configured.close());

  const userWith = async (queriesLimit: number) => {
    const userId = randomUUID();
    await applyEntitlement(withModel.deps.db, { userId, plan: 'basic', status: 'active', queriesLimit, ...currentPeriod(), changedAt: new Date() });
    return userId;
  };

  it('answers POST /api/chat through the model when OPENAI_BASE_URL and OPENAI_MODEL are set, and refuses to start with a base URL alone', async () => {
    const userId = await userWith(1);
    model.script({ text: '**Goonj** began in 1999 [goonj].' });
    const response = await withModel.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await bearerFor(configured, userId),
      payload: { message: question },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<{ response: string }>().response, '**Goonj** began in 1999.');
    const misconfigured = await createTestStack();
    after(() => misconfigured.close());
    await assert.rejects(misconfigured.start(chatService, { OPENAI_BASE_URL: model.baseUrl }), /OPENAI_MODEL: required with OPENAI_BASE_URL/);
  });

  it("streams the model's words over HTTP while it writes them, and keeps the answer of a client that has gone", { timeout: 20_000 }, async () => {
    const url = await withModel.app.listen({ port: 0, host: '127.0.0.1' });
    const userId = await userWith(2);
    const ask = async (signal?: AbortSignal) => {
      const response = await fetch(`${url}/api/chat`, {
        method: 'POST',
        signal,
        headers: { ...(await bearerFor(configured, userId)), accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ message: question }),
      });
      assert.equal(response.status, 200);
      const reader = (response.body ?? assert.fail('no body')).pipeThrough(new TextDecoderStream()).getReader();
      let received = '';
      /** Reads until the text holds `marker`, or to the end. */
      const readUntil = async (marker?: string) => {
        while (!marker || !received.includes(marker)) {
          const { value, done } = await reader.read();
          if (done) return received;
          received += value;
        }
        return received;
      };
      return { readUntil };
    };

    model.script({ text: '**Goonj** began in 1999 [goonj]. It collects what cities throw away [goonj].', holdAfterWords: 4 });
    const first = await ask();
    const early = await first.readUntil('event: delta');
    assert.match(early, /^event: sources\n/);
    assert.ok(!early.includes('event: done'), 'the first words came while the model was still writing');
    model.release();
    const events = [...(await first.readUntil()).matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map(([, name, data]) => ({
      name,
      data: JSON.parse(data ?? 'null') as { text?: string; response?: string },
    }));
    const text = events.map((e) => e.data.text ?? '').join('');
    assert.equal(text, '**Goonj** began in 1999. It collects what cities throw away.');
    assert.deepEqual(events.at(-1), { name: 'done', data: { ...events.at(-1)?.data, response: text } });

    model.script({ text: 'Founded in 1999 by **Anshu Gupta** [goonj].', holdAfterWords: 2 });
    const gone = new AbortController();
    await (await ask(gone.signal)).readUntil('event: delta');
    gone.abort();
    model.release();
    await eventually(async () => {
      const { rows } = await withModel.deps.db.query<{ response: string | null }>(
        'SELECT response FROM chat_history WHERE user_id = $1 ORDER BY seq DESC LIMIT 1',
        [userId],
      );
      return rows[0]?.response === 'Founded in 1999 by **Anshu Gupta**.' ? true : undefined;
    });
  });
});
