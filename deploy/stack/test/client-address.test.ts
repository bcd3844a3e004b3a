// Per-address limits count the real client through either gateway: a client cannot pick its
// address by sending X-Forwarded-For, and behind a trusted ingress the ingress's record counts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { closedPortUrl, renderEnvoyConfigForUrls, requireEnvoy, startEnvoy, type EnvoyProcess } from '@betterplus/gateway/testing';
import { startServicesBehindGateway, type ServicesBehindGateway } from './support/services-behind-gateway.ts';

const LIMIT = 3;

/** A failed sign-in for an unknown email (so no account limit counts), from what claims to be `forwardedFor`. */
async function signInStatus(baseUrl: string, attempt: number, forwardedFor: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `nobody-${String(attempt)}-${String(Date.now())}@example.com`, password: 'not-the-password' }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('per-address limits behind the gateways', () => {
  let system: ServicesBehindGateway;
  let envoy: EnvoyProcess | undefined;

  before(async () => {
    system = await startServicesBehindGateway({ AUTH_RATE_LIMIT_PER_IP: String(LIMIT) });
  });
  after(async () => {
    await envoy?.stop();
    await system.stop();
  });

  it('the local gateway (no trusted hop): forged addresses all count as the one real client', async () => {
    const statuses = [];
    for (let attempt = 0; attempt <= LIMIT; attempt++) statuses.push(await signInStatus(system.gatewayUrl, attempt, `198.51.100.${String(attempt)}`));
    assert.deepEqual(statuses, [...Array<number>(LIMIT).fill(401), 429]);
  });

  it('Envoy behind one trusted ingress: the address the ingress recorded counts, not the one the client wrote', async (t) => {
    if (!requireEnvoy(t)) return;
    envoy = await startEnvoy({ config: renderEnvoyConfigForUrls({ ...system.upstreams, web: await closedPortUrl() }, { trustProxyHops: 1 }) });
    const statuses = [];
    // Each request: a forged address the client wrote, then what the ingress saw (203.0.113.5).
    for (let attempt = 0; attempt <= LIMIT; attempt++) statuses.push(await signInStatus(envoy.url, attempt, `198.51.100.${String(attempt)}, 203.0.113.5`));
    assert.deepEqual(statuses, [...Array<number>(LIMIT).fill(401), 429]);
    // Another client behind the same ingress has its own allowance.
    assert.equal(await signInStatus(envoy.url, 99, '203.0.113.6'), 401);
  });
});
