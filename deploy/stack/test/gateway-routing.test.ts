import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SERVICE_NAMES, type ServiceName } from '@betterplus/gateway';
import { renderEnvoyConfigForUrls, requireEnvoy, startEnvoy, type EnvoyProcess } from '@betterplus/gateway/testing';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { startThrowawayStack } from './support/throwaway-stack.ts';

/** Every call of spec section 7, with the service that owns it (ARCHITECTURE.md). */
const specCalls: [method: string, path: string, owner: ServiceName][] = [
  ['GET', '/api/user', 'identity'],
  ['PUT', '/api/user', 'identity'],
  ['POST', '/api/login', 'identity'],
  ['POST', '/api/signup', 'identity'],
  ['POST', '/api/signup/initiate', 'identity'],
  ['POST', '/api/signup/verify', 'identity'],
  ['POST', '/api/signup/resend-otp', 'identity'],
  ['POST', '/api/reset-password', 'identity'],
  ['POST', '/api/reset-password/verify', 'identity'],
  ['POST', '/api/auth/google', 'identity'],
  ['PUT', '/api/user/change-password', 'identity'],
  ['GET', '/api/subscription', 'billing'],
  ['POST', '/api/subscription/create', 'billing'],
  ['POST', '/api/subscription/verify-payment', 'billing'],
  ['POST', '/api/subscription/cancel', 'billing'],
  ['GET', '/api/invoices', 'billing'],
  ['GET', '/api/invoices/42', 'billing'],
  ['POST', '/api/chat', 'chat'],
  ['GET', '/api/chat/queries-left', 'chat'],
  ['GET', '/api/chat/history', 'chat'],
  ['DELETE', '/api/chat/history', 'chat'],
  ['POST', '/api/contact/submit', 'notifications'],
  ['GET', '/api/admin/stats', 'admin-reporting'],
  ['GET', '/api/admin/users', 'admin-reporting'],
  ['GET', '/api/admin/users/export', 'admin-reporting'],
  ['GET', '/api/admin/analytics?range=7d', 'admin-reporting'],
];

async function servedBy(baseUrl: string, method: string, path: string): Promise<string | null> {
  const response = await fetch(baseUrl + path, {
    method,
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }),
  });
  await response.arrayBuffer();
  return response.headers.get('x-served-by');
}

describe('every spec call reaches its owning service through both gateways', () => {
  let stack: EmbeddedStack;
  let envoy: EnvoyProcess | undefined;

  before(async () => {
    stack = await startThrowawayStack();
  });
  after(async () => {
    await envoy?.stop();
    await stack.stop();
  });

  it('through the local gateway', async () => {
    for (const [method, path, owner] of specCalls) assert.equal(await servedBy(stack.url, method, path), owner, `${method} ${path}`);
  });

  it('through Envoy, configured from the same route table', async (t) => {
    if (!requireEnvoy(t)) return;
    const urls = Object.fromEntries(SERVICE_NAMES.map((name) => [name, stack.services[name].url ?? ''])) as Record<ServiceName, string>;
    envoy = await startEnvoy({ config: renderEnvoyConfigForUrls({ ...urls, web: stack.url }) });
    for (const [method, path, owner] of specCalls) assert.equal(await servedBy(envoy.url, method, path), owner, `${method} ${path}`);
  });
});
