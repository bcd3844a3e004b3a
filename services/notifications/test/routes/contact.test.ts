import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { localMailboxDir, readLocalMailbox, type RunningService } from '@betterplus/kit';
import { createTestStack, eventually, type TestStack } from '@betterplus/kit/testing';
import { notificationsService } from '../../src/app.ts';
import type { NotificationsConfig } from '../../src/config.ts';

const valid = { name: 'Asha Rao', email: 'asha@example.in', subject: 'Partnering on water projects', message: 'Hello,\nwe run a water NGO in Pune.' };

describe('POST /api/contact/submit', () => {
  let stack: TestStack;
  let service: RunningService<NotificationsConfig>;

  before(async () => {
    stack = await createTestStack();
    service = await stack.start(notificationsService, {
      CONTACT_MESSAGES_PER_HOUR_PER_EMAIL: '2',
      CONTACT_MESSAGES_PER_HOUR_PER_IP: '4',
      SUPPORT_EMAIL: 'help@betterplus.example',
    });
  });
  after(() => stack.close());

  let nextIp = 1;
  /** Each call comes from its own client address unless told, so limits meet only where a test means them to. */
  const submit = (payload: unknown, ip = `203.0.113.${String(nextIp++)}`) =>
    service.app.inject({ method: 'POST', url: '/api/contact/submit', payload: payload as object, headers: { 'x-forwarded-for': ip } });
  const count = async (table: 'contact_messages' | 'outbox') =>
    (await service.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;
  const mailbox = () => readLocalMailbox(localMailboxDir(service.deps.config.DATA_DIR));

  it('stores the message, publishes ContactSubmitted with it, and support and the sender get their mail', async () => {
    const response = await submit({ ...valid, name: '  Asha\n Rao ', subject: ' Partnering on water projects ' });
    assert.equal(response.statusCode, 201);
    assert.deepEqual(response.json(), { message: 'Message sent successfully!' });

    const stored = await service.deps.db.query<{ id: string; name: string; email: string; subject: string; message: string }>(
      'SELECT id, name, email, subject, message FROM contact_messages',
    );
    assert.equal(stored.rows.length, 1);
    const row = stored.rows[0];
    assert.deepEqual({ ...row, id: undefined }, { ...valid, id: undefined });
    const outbox = await service.deps.db.query<{ type: string; key: string; topic: string }>('SELECT type, key, topic FROM outbox');
    assert.deepEqual(outbox.rows, [{ type: 'betterplus.notifications.v1.ContactSubmitted', key: 'asha@example.in', topic: 'notifications.contact.v1' }]);

    const [support, acknowledgement] = await eventually(async () => {
      const mails = await mailbox();
      const toSupport = mails.find((m) => m.to === 'help@betterplus.example');
      const toSender = mails.find((m) => m.to === 'asha@example.in');
      return toSupport && toSender ? [toSupport, toSender] : undefined;
    });
    assert.equal(support.replyTo, 'asha@example.in');
    assert.equal(support.subject, 'Contact form: Partnering on water projects');
    assert.ok(support.text.includes(valid.message));
    assert.ok(support.text.includes(row?.id ?? 'missing id'), 'support can find the stored message');
    assert.match(acknowledgement.text, /within 24-48 hours/);
    const deliveries = await service.deps.db.query<{ kind: string }>('SELECT kind FROM email_deliveries ORDER BY kind');
    assert.deepEqual(
      deliveries.rows.map((r) => r.kind),
      ['contact_acknowledgement', 'contact_support'],
    );
  });

  const long = (n: number) => 'x'.repeat(n);
  for (const [label, payload, error] of [
    ['a missing name', { email: valid.email, subject: valid.subject, message: valid.message }, 'Name is required.'],
    ['a name of blanks', { ...valid, name: ' \n\t ' }, 'Name is required.'],
    ['a missing email', { name: valid.name, subject: valid.subject, message: valid.message }, 'Email is required.'],
    ['a malformed email', { ...valid, email: 'asha.example.in' }, 'Please enter a valid email address.'],
    ['a missing subject', { name: valid.name, email: valid.email, message: valid.message }, 'Subject is required.'],
    ['a blank subject', { ...valid, subject: '   ' }, 'Subject is required.'],
    ['a missing message', { name: valid.name, email: valid.email, subject: valid.subject }, 'Message is required.'],
    ['an empty message', { ...valid, message: '' }, 'Message is required.'],
    ['a name over 100 characters', { ...valid, name: long(101) }, 'Name must be at most 100 characters.'],
    ['an email over 254 characters', { ...valid, email: `${long(64)}@${long(190)}.in` }, 'Email must be at most 254 characters.'],
    ['a subject over 200 characters', { ...valid, subject: long(201) }, 'Subject must be at most 200 characters.'],
    ['a message over 5000 characters', { ...valid, message: long(5001) }, 'Message must be at most 5000 characters.'],
    ['a field that is not text', { ...valid, message: { text: 'hi' } }, 'Message is required.'],
    ['an unknown field', { ...valid, phone: '+91 98765 43210' }, 'Please send name, email, subject and message.'],
    ['a body that is not an object', [valid], 'Please send name, email, subject and message.'],
  ] as const) {
    it(`answers 400 with "${error}" for ${label}, storing and publishing nothing`, async () => {
      const [messages, events] = [await count('contact_messages'), await count('outbox')];
      const response = await submit(payload);
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), { error, code: 'NOTIFICATIONS_VALIDATION' });
      assert.equal(await count('contact_messages'), messages);
      assert.equal(await count('outbox'), events);
    });
  }

  it('accepts the longest allowed values', async () => {
    const response = await submit({ name: long(100), email: `${long(64)}@${long(186)}.in`, subject: long(200), message: long(5000) });
    assert.equal(response.statusCode, 201);
  });

  it('refuses the third message from one address within the hour with 429, whatever the client address', async () => {
    const sender = { ...valid, email: 'repeat@example.in' };
    assert.equal((await submit(sender)).statusCode, 201);
    assert.equal((await submit({ ...sender, email: 'Repeat@Example.in' })).statusCode, 201);
    const messages = await count('contact_messages');
    const refused = await submit(sender);
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: 'Too many messages. Please try again later.', code: 'NOTIFICATIONS_RATE_LIMITED' });
    assert.equal(await count('contact_messages'), messages, 'nothing stored');
    assert.equal((await submit({ ...valid, email: 'someone-else@example.in' })).statusCode, 201, 'other senders are unaffected');
  });

  it('refuses the fifth message from one client address within the hour with 429, whatever the sender', async () => {
    const ip = '198.51.100.7';
    for (let i = 1; i <= 4; i += 1) assert.equal((await submit({ ...valid, email: `visitor${String(i)}@example.in` }, ip)).statusCode, 201);
    const messages = await count('contact_messages');
    const refused = await submit({ ...valid, email: 'visitor5@example.in' }, ip);
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: 'Too many messages. Please try again later.', code: 'NOTIFICATIONS_RATE_LIMITED' });
    assert.equal(await count('contact_messages'), messages, 'nothing stored');
  });

  it('tells the web which support address to show: the configured one', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/contact/info' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { supportEmail: 'help@betterplus.example' });
  });
});
