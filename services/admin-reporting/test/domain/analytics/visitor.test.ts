import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { visitorId, type Client } from '../../../src/domain/analytics/visitor.ts';

const salt = new Uint8Array(32).fill(7);
const client: Client = { ip: '203.0.113.5', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', host: 'betterplus.in' };
const hex = (id: Uint8Array) => Buffer.from(id).toString('hex');

describe('visitor ids', () => {
  it('are 8 bytes of SHA-256, the same for the same browser, address, site and salt', () => {
    const id = visitorId(salt, client);
    assert.equal(id.length, 8);
    assert.equal(hex(visitorId(salt, { ...client })), hex(id));
  });

  it('differ with the address, the user agent, the site or the salt (the day)', () => {
    const id = hex(visitorId(salt, client));
    const others = [
      visitorId(salt, { ...client, ip: '203.0.113.6' }),
      visitorId(salt, { ...client, userAgent: `${client.userAgent} ` }),
      visitorId(salt, { ...client, host: 'staging.betterplus.in' }),
      visitorId(new Uint8Array(32).fill(8), client),
    ].map(hex);
    assert.equal(new Set([id, ...others]).size, 5);
  });
});
