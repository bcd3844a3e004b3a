import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { bearerFor, startChat, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chat: Chat;
let headers: Record<string, string>;
before(async () => {
  ({ stack, chat } = await startChat());
  headers = await bearerFor(stack, randomUUID());
});
after(() => stack.close());

interface Listed {
  id: string;
  kind: string;
  title: string;
  states: string[];
  causes: string[];
}

const list = async (query: string) => {
  const response = await chat.app.inject({ method: 'GET', url: `/api/chat/knowledge${query}`, headers });
  return { statusCode: response.statusCode, body: response.json<{ entries: Listed[]; total: number; kinds: string[] }>() };
};

describe('GET /api/chat/knowledge', () => {
  it('lists entries a page at a time, with the kinds, states and causes to filter by', async () => {
    const first = await list('?limit=5');
    assert.equal(first.statusCode, 200);
    assert.equal(first.body.entries.length, 5);
    assert.ok(first.body.total >= 60);
    assert.ok(first.body.kinds.includes('guide'));
    const second = await list('?limit=5&offset=5');
    assert.equal(second.body.entries.filter((entry) => first.body.entries.some((seen) => seen.id === entry.id)).length, 0, 'pages do not overlap');
  });

  it('filters by words, kind, state and cause, all together', async () => {
    const byWords = await list('?query=old%20clothes');
    assert.equal(byWords.body.entries[0]?.id, 'goonj');
    const guides = await list('?kind=guide&limit=100');
    assert.ok(guides.body.entries.length > 0 && guides.body.entries.every((entry) => entry.kind === 'guide'));
    const rajasthanWater = await list('?state=Rajasthan&cause=water&limit=100');
    assert.ok(rajasthanWater.body.entries.length > 0);
    assert.ok(rajasthanWater.body.entries.every((entry) => entry.states.includes('Rajasthan') && entry.causes.includes('water')));
    assert.equal((await list('?kind=rumour')).statusCode, 400);
    assert.equal((await list('?state=Atlantis')).statusCode, 400);
    assert.equal((await list('?limit=1000')).statusCode, 400);
  });
});

describe('GET /api/chat/knowledge/{id}', () => {
  it('answers one entry with its body, sources and as-of date; 404 for none, 401 signed out', async () => {
    const response = await chat.app.inject({ method: 'GET', url: '/api/chat/knowledge/goonj', headers });
    assert.equal(response.statusCode, 200);
    const entry = response.json<{ title: string; body: string; sources: { url: string }[]; as_of: string }>();
    assert.equal(entry.title, 'Goonj');
    assert.match(entry.as_of, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(entry.sources.length > 0 && entry.body.length > 200);
    assert.equal((await chat.app.inject({ method: 'GET', url: '/api/chat/knowledge/no-such-entry', headers })).statusCode, 404);
    assert.equal((await chat.app.inject({ method: 'GET', url: '/api/chat/knowledge/Not%20an%20id', headers })).statusCode, 400);
    assert.equal((await chat.app.inject({ method: 'GET', url: '/api/chat/knowledge/goonj' })).statusCode, 401);
  });
});
