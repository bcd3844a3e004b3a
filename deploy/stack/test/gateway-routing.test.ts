import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SERVICE_NAMES, type ServiceName } from '@betterplus/gateway';
import { SPEC_CALLS, renderEnvoyConfigForUrls, requireEnvoy, startEnvoy, type EnvoyProcess } from '@betterplus/gateway/testing';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { startThrowawayStack } from './support/throwaway-stack.ts';

async function servedBy(baseUrl: string, method: string, path: string): Promise<string | null> {
  const response = await fetch(baseUrl + path, {
    method,
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }),
  });
  await response.arrayBuffer();
  return response.headers.get('x-served-by');
}

// The same calls as the gateway's own contract suite (gateway/test/gateway-contract.test.ts), here
// answered by the real services.
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
    for (const [method, path, owner] of SPEC_CALLS) assert.equal(await servedBy(stack.url, method, path), owner, `${method} ${path}`);
  });

  it('through Envoy, configured from the same route table', async (t) => {
    if (!requireEnvoy(t)) return;
    const urls = Object.fromEntries(SERVICE_NAMES.map((name) => [name, stack.services[name].url ?? ''])) as Record<ServiceName, string>;
    envoy = await startEnvoy({ config: renderEnvoyConfigForUrls({ ...urls, web: stack.url }) });
    for (const [method, path, owner] of SPEC_CALLS) assert.equal(await servedBy(envoy.url, method, path), owner, `${method} ${path}`);
  });
});
