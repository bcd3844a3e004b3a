import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@betterplus/kit';
import { createTestStack, type TestStack } from '@betterplus/kit/testing';
import { chatService } from '../../src/app.ts';
import { applyEntitlement } from '../../src/db/entitlements.ts';
import { ABSTENTION } from '../../src/domain/answerer.ts';
import { createExtractiveAnswerer } from '../../src/domain/extractive-answerer.ts';
import { createOpenAiAnswerer } from '../../src/domain/openai-answerer.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.ts';
import { bearerFor, currentPeriod, startChat, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chat: Chat;
let model: FakeChatCompletions;
before(async () => {
  ({ stack, chat } = await startChat());
  model = await startFakeChatCompletions();
});
after(async () => {
  await model.close();
  await stack.close();
});

const answerer = () => createOpenAiAnswerer(chat.deps.db, { baseUrl: model.baseUrl, apiKey: 'test-key', model: 'test-model' }, createExtractiveAnswerer(chat.deps.db), createLogger('chat-test', 'silent'));
const signal = () => AbortSignal.timeout(5000);
const question = 'Who founded Goonj and what is Cloth for Work?';

describe('the OpenAI-compatible answerer, against a local chat-completions server', () => {
  it('sends only the retrieved entries, and answers with the text and the entries it cites', async () => {
    model.script({ text: 'Anshu Gupta and Meenakshi Gupta started **Goonj** in 1999 [goonj]. Villagers work on shared assets and receive material in return [goonj].' });
    const answer = await answerer().answer(question, { signal: signal() });
    assert.equal(answer.response, 'Anshu Gupta and Meenakshi Gupta started **Goonj** in 1999. Villagers work on shared assets and receive material in return.');
    assert.deepEqual(answer.sources.map((s) => s.id), ['goonj']);
    assert.equal(answer.abstained, false);
    const [sent] = model.requests.slice(-1);
    assert.ok(sent);
    assert.equal(sent.model, 'test-model');
    assert.deepEqual(sent.messages.map((m) => m.role), ['system', 'user']);
    const [system = '', prompt = ''] = sent.messages.map((m) => m.content);
    assert.match(system, /only the archive entries/);
    assert.match(prompt, /\[goonj\] Goonj \(organisation\)/);
  });

  it('streams the text as the model writes it', async () => {
    model.script({ text: '**Goonj** turns old clothes into a resource for villages [goonj].' });
    const deltas: string[] = [];
    const answer = await answerer().answer(question, { signal: signal(), onDelta: (text) => deltas.push(text) });
    assert.equal(model.requests.at(-1)?.stream, true);
    assert.ok(deltas.length > 3);
    assert.equal(deltas.join(''), '**Goonj** turns old clothes into a resource for villages [goonj].');
    assert.equal(answer.response, '**Goonj** turns old clothes into a resource for villages.');
  });

  it('falls back to the extractive answer when the model cites an entry it was not given, fails or is too slow', async () => {
    const extractive = await createExtractiveAnswerer(chat.deps.db).answer(question, { signal: signal() });
    for (const scripted of [{ text: 'Goonj was founded by aliens [made-up-entry].' }, { text: 'An answer citing nothing.' }, { status: 500 }, { status: 429 }]) {
      model.script(scripted);
      assert.deepEqual(await answerer().answer(question, { signal: signal() }), extractive, JSON.stringify(scripted));
    }
    model.script({ text: 'late [goonj]', delayMs: 2000 });
    const fast = createOpenAiAnswerer(chat.deps.db, { baseUrl: model.baseUrl, apiKey: undefined, model: 'm' }, createExtractiveAnswerer(chat.deps.db), createLogger('chat-test', 'silent'));
    await assert.rejects(fast.answer(question, { signal: AbortSignal.timeout(200) }), /abort|timeout/i);
  });

  it('abstains when the model says the entries do not answer, and without asking it when nothing fits', async () => {
    model.script({ text: 'NOT_IN_ARCHIVE' });
    assert.equal((await answerer().answer(question, { signal: signal() })).response, ABSTENTION);
    const asked = model.requests.length;
    assert.equal((await answerer().answer('What is the population of Brazil?', { signal: signal() })).abstained, true);
    assert.equal(model.requests.length, asked, 'the model was not asked');
  });
});

describe('the answerer chosen from configuration', () => {
  it('answers POST /api/chat through the model when OPENAI_BASE_URL and OPENAI_MODEL are set, and refuses to start with a base URL alone', async () => {
    // Stacks of their own: the in-process bus takes one member per consumer group.
    const [configured, misconfigured] = [await createTestStack(), await createTestStack()];
    after(() => Promise.all([configured.close(), misconfigured.close()]));
    const withModel = await configured.start(chatService, { OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'test-model', OPENAI_API_KEY: 'test-key' });
    const userId = randomUUID();
    await applyEntitlement(withModel.deps.db, { userId, plan: 'basic', status: 'active', queriesLimit: 1, ...currentPeriod(), changedAt: new Date() });
    model.script({ text: '**Goonj** began in 1999 [goonj].' });
    const response = await withModel.app.inject({ method: 'POST', url: '/api/chat', headers: await bearerFor(configured, userId), payload: { message: question } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<{ response: string }>().response, '**Goonj** began in 1999.');
    await assert.rejects(misconfigured.start(chatService, { OPENAI_BASE_URL: model.baseUrl }), /OPENAI_MODEL: required with OPENAI_BASE_URL/);
  });
});
