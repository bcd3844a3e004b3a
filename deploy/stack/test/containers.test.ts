// The product as it ships: every part run from its image (deploy/images/build.sh) as a container,
// in production mode on the real PostgreSQL, Kafka and Redis, and used only through the gateway
// container, as a browser and the admin panel use it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@betterplus/kit/testing';
import { chatAllowance } from './support/chat.ts';
import { containersUnavailable, startContainerStack, type ContainerStack } from './support/containers.ts';
import { signUpWithCode } from './support/signup.ts';

const unavailable = containersUnavailable();

// Fails under CI when not asked for, skips elsewhere (as the Envoy and nginx tests do).
it('the container tests are asked for', (t) => {
  if (unavailable === undefined) return;
  if (process.env.CI) throw new Error(`CI must run Better+ from its images: ${unavailable}`);
  t.skip(unavailable);
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

describe('Better+ from its images, through the gateway container', { skip: unavailable ?? false }, () => {
  let system: ContainerStack;
  let gateway = '';
  const person = { name: 'Lakshmi Rao', email: `lakshmi.${String(Date.now())}@example.in`, password: 'a long container password' };

  before(async () => {
    system = await startContainerStack();
    gateway = system.gatewayUrl;
  });
  after(() => system.stop());

  it('serves the web app: the page revalidated, hashed assets cached for a year, brotli or gzip', async () => {
    const page = await fetch(`${gateway}/pricing`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    const html = await page.text();
    const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0] ?? assert.fail(`no hashed script in the page:\n${html}`);
    for (const encoding of ['br', 'gzip']) {
      const asset = await fetch(gateway + script, { headers: { 'accept-encoding': encoding } });
      assert.equal(asset.status, 200);
      assert.equal(asset.headers.get('content-encoding'), encoding);
      assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.match(await asset.text(), /\S/);
    }
  });

  it('signs up with the emailed code, signs in, asks a question, reads it back and the subscription', async () => {
    await signUpWithCode(gateway, person, () => system.mailbox());
    const login = await fetch(`${gateway}/api/login`, json({ email: person.email, password: person.password }));
    assert.equal(login.status, 200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    await chatAllowance(gateway, token, (left) => left === 1, 30_000);
    const asked = await fetch(`${gateway}/api/chat`, json({ message: 'Who founded Goonj?' }, auth));
    assert.equal(asked.status, 200);
    const answer = (await asked.json()) as { id: string; response: string };
    assert.match(answer.response, /\S/);

    const history = (await (await fetch(`${gateway}/api/chat/history`, { headers: auth })).json()) as { history: { id: string; message: string }[] };
    assert.deepEqual(
      history.history.map(({ id, message }) => ({ id, message })),
      [{ id: answer.id, message: 'Who founded Goonj?' }],
    );

    const subscription = await eventually(
      async () => {
        const response = await fetch(`${gateway}/api/subscription`, { headers: auth });
        const body = response.ok ? ((await response.json()) as { plan: string; queriesUsed: number; queriesLimit: number }) : undefined;
        return body?.queriesUsed === 1 ? body : undefined;
      },
      30_000,
      250,
    );
    assert.deepEqual({ plan: subscription.plan, queriesLimit: subscription.queriesLimit }, { plan: 'basic', queriesLimit: 1 });
  });

  it("counts that user and question in the admin stats, with the admin's Basic auth only", async () => {
    const basic = `Basic ${Buffer.from(`${system.admin.username}:${system.admin.password}`).toString('base64')}`;
    await eventually(
      async () => {
        const stats = await fetch(`${gateway}/api/admin/stats`, { headers: { authorization: basic } });
        const body = stats.ok ? ((await stats.json()) as { totalUsers: number; monthlyQueries: number }) : undefined;
        return body?.totalUsers === 1 && body.monthlyQueries === 1 ? true : undefined;
      },
      30_000,
      250,
    );
    assert.equal((await fetch(`${gateway}/api/admin/stats`)).status, 401);
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    const missing = await fetch(`${gateway}/api/no-such-thing`);
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await missing.json(), { error: 'Not found', code: 'GATEWAY_NOT_FOUND' });
  });
});
