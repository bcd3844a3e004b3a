import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningService } from '@betterplus/kit';
import { createTestStack, type TestStack } from '@betterplus/kit/testing';
import { chatService } from '../src/app.ts';

let stack: TestStack;
let service: RunningService;
before(async () => {
  stack = await createTestStack();
  service = await stack.start(chatService);
});
after(() => stack.close());

describe('chat', () => {
  it('starts on the kit: alive, ready on its own database, metrics, and its calls in the OpenAPI document', async () => {
    assert.equal((await service.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    assert.deepEqual((await service.app.inject({ method: 'GET', url: '/readyz' })).json(), { status: 'ready', checks: { database: 'ok' } });
    assert.match((await service.app.inject({ method: 'GET', url: '/metrics' })).body, /service="chat"/);
    assert.deepEqual(Object.keys((await service.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths?: object }>().paths ?? {}).sort(), [
      '/api/chat',
      '/api/chat/history',
      '/api/chat/history/{id}/feedback',
      '/api/chat/knowledge',
      '/api/chat/knowledge/{id}',
      '/api/chat/queries-left',
    ]);
  });

  it('answers an unknown call with 404 in the one error shape', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/nothing-here' });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json<{ code: string }>().code, 'CHAT_NOT_FOUND');
  });
});
