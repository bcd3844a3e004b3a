import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_PREFIX, ROUTES, SERVICE_NAMES, prefixMatches, serviceFor } from '../src/route-table.ts';
import { SPEC_CALLS } from '../src/testing/spec-calls.ts';

for (const [method, path, owner] of SPEC_CALLS) {
  test(`${method} ${path} is answered by ${owner}`, () => {
    assert.equal(serviceFor(path), owner);
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
