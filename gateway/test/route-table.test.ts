import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_PREFIX, ROUTES, SERVICE_NAMES, prefixMatches, serviceFor } from '../src/route-table.ts';
import type { ServiceName } from '../src/route-table.ts';

// Every /api call of product-spec section 7, with the service that must answer it.
const SPEC_CALLS: [call: string, owner: ServiceName][] = [
  ['GET /api/user', 'identity'],
  ['POST /api/login', 'identity'],
  ['POST /api/signup', 'identity'],
  ['POST /api/signup/initiate', 'identity'],
  ['POST /api/signup/verify', 'identity'],
  ['POST /api/signup/resend-otp', 'identity'],
  ['POST /api/reset-password', 'identity'],
  ['POST /api/reset-password/verify', 'identity'],
  ['POST /api/auth/google', 'identity'],
  ['PUT /api/user', 'identity'],
  ['PUT /api/user/change-password', 'identity'],
  ['GET /api/subscription', 'billing'],
  ['POST /api/subscription/create', 'billing'],
  ['POST /api/subscription/verify-payment', 'billing'],
  ['POST /api/subscription/cancel', 'billing'],
  ['GET /api/invoices', 'billing'],
  ['GET /api/invoices/42', 'billing'],
  ['POST /api/billing/webhooks/razorpay', 'billing'],
  ['POST /api/chat', 'chat'],
  ['GET /api/chat/queries-left', 'chat'],
  ['GET /api/chat/history', 'chat'],
  ['DELETE /api/chat/history', 'chat'],
  ['POST /api/contact/submit', 'notifications'],
  ['GET /api/admin/stats', 'admin-reporting'],
  ['GET /api/admin/users', 'admin-reporting'],
  ['GET /api/admin/users/export', 'admin-reporting'],
  ['GET /api/admin/analytics?range=7d', 'admin-reporting'],
  ['GET /api/admin/analytics?range=custom&startDate=2025-01-01&endDate=2025-01-31', 'admin-reporting'],
  ['POST /api/analytics/events', 'admin-reporting'],
];

for (const [call, owner] of SPEC_CALLS) {
  test(`${call} is answered by ${owner}`, () => {
    assert.equal(serviceFor(call.split(' ')[1] ?? ''), owner);
  });
}

test('paths no service owns stay with the gateway', () => {
  for (const path of ['/api/username', '/api/nope', '/api', '/api/', '/api/auth', '/api/contact', '/api/admin', '/api/chatroom', '/api/invoices-old']) {
    assert.equal(serviceFor(path), undefined, path);
    assert.ok(prefixMatches(API_PREFIX, path), path);
  }
});

test('non-/api paths belong to the web app', () => {
  for (const path of ['/', '/chat', '/invoices/42', '/reset-password', '/apiary', '/assets/index.js']) {
    assert.equal(serviceFor(path), undefined, path);
    assert.equal(prefixMatches(API_PREFIX, path), false, path);
  }
});

test('segment prefixes match whole segments; prefixes ending in / match as strings', () => {
  assert.ok(prefixMatches('/api/user', '/api/user'));
  assert.ok(prefixMatches('/api/user', '/api/user/'));
  assert.ok(prefixMatches('/api/user', '/api/user/change-password'));
  assert.equal(prefixMatches('/api/user', '/api/username'), false);
  assert.ok(prefixMatches('/api/auth/', '/api/auth/google'));
  assert.equal(prefixMatches('/api/auth/', '/api/auth'), false);
});

test('the table names only known services, covers each one and never lets two prefixes overlap', () => {
  assert.deepEqual(new Set(ROUTES.map((route) => route.service)), new Set(SERVICE_NAMES));
  for (const a of ROUTES) {
    for (const b of ROUTES) {
      if (a !== b) assert.equal(prefixMatches(a.prefix, b.prefix), false, `${a.prefix} overlaps ${b.prefix}`);
    }
  }
});
