import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { bearer, mintToken, snapshot, startIdentity, type Identity } from '../support/identity.ts';

let stack: TestStack;
let identity: Identity;

before(async () => {
  ({ stack, identity } = await startIdentity());
});
after(() => stack.close());

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  identity.app.inject({ method: 'POST', url, payload: body as object, headers });
const valid = { name: 'Asha Rao', email: 'asha@example.in', password: 'correct horse' };

describe('signup input types (the kit validates bodies without coercion)', () => {
  it('answers 400 to a number, boolean or array where the signup body declares a string, and changes nothing', async () => {
    const before = await snapshot(identity);
    for (const [field, value] of [
      ['email', ['asha@example.in']],
      ['email', 42],
      ['name', true],
      ['password', ['correct horse']],
    ] as const) {
      for (const url of ['/api/signup', '/api/signup/initiate']) {
        const response = await post(url, { ...valid, [field]: value });
        assert.equal(response.statusCode, 400, `${url} ${field}: ${JSON.stringify(value)}`);
        assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
      }
    }
    assert.deepEqual(await snapshot(identity), before);
  });

  it('answers 400, not 500, to a NUL character in any text field, and changes nothing', async () => {
    const before = await snapshot(identity);
    const token = await mintToken(stack, '00000000-0000-4000-8000-0000000000aa');
    const attempts = {
      initiate: post('/api/signup/initiate', { ...valid, name: 'As\u0000ha' }),
      signup: post('/api/signup', { ...valid, email: 'asha\u0000@example.in' }),
      login: post('/api/login', { email: 'asha@example.in\u0000', password: 'x' }),
      reset: post('/api/reset-password', { email: '\u0000@example.in' }),
      'change password': identity.app.inject({
        method: 'PUT',
        url: '/api/user/change-password',
        payload: { currentPassword: 'correct horse', newPassword: 'new\u0000password' },
        headers: bearer(token),
      }),
    };
    for (const [label, attempt] of Object.entries(attempts)) {
      const response = await attempt;
      assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
      assert.equal(response.json<{ code: string }>().code, 'IDENTITY_VALIDATION');
    }
    assert.deepEqual(await snapshot(identity), before);
  });
});
