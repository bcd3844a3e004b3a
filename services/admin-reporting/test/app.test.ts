import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningService } from '@betterplus/kit';
import { createTestStack, type TestStack } from '@betterplus/kit/testing';
import { adminReportingService } from '../src/app.ts';

let stack: TestStack;
let service: RunningService;
before(async () => {
  stack = await createTestStack();
  service = await stack.start(adminReportingService);
});
after(() => stack.close());

describe('admin-reporting', () => {
  it('starts on the kit: alive, ready on its own database, metrics, and its admin calls documented', async () => {
    assert.equal((await service.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    assert.deepEqual((await service.app.inject({ method: 'GET', url: '/readyz' })).json(), { status: 'ready', checks: { database: 'ok' } });
    assert.match((await service.app.inject({ method: 'GET', url: '/metrics' })).body, /service="admin-reporting"/);
    const paths = Object.keys((await service.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: object }>().paths);
    for (const path of ['/api/admin/stats', '/api/admin/users', '/api/admin/users/export']) assert.ok(paths.includes(path), path);
  });

  it('refuses every admin call when no admin account is configured', async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    assert.equal(response.statusCode, 401);
  });

  it('answers an unknown call with 404 in the one error shape', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/nothing-here' });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json<{ code: string }>().code, 'ADMIN_REPORTING_NOT_FOUND');
  });
});
