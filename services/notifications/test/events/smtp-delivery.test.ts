import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningService } from '@betterplus/kit';
import { createTestStack, eventually, realInfrastructure, startSmtpServer, unfolded, type SmtpServer, type TestStack } from '@betterplus/kit/testing';
import { notificationsService } from '../../src/app.ts';
import type { NotificationsConfig } from '../../src/config.ts';
import { deliveriesOf, eventuallyRows, failuresOf, freshCode, publish } from '../support/events.ts';

describe(`delivery over real SMTP, events on ${realInfrastructure.kafka ? 'Kafka' : 'the in-process bus'}`, () => {
  let smtp: SmtpServer;
  let stack: TestStack;
  let service: RunningService<NotificationsConfig>;

  before(async () => {
    smtp = await startSmtpServer();
    stack = await createTestStack();
    // Pauses between tries of at most a second, so the outage below ends in the next second's try.
    service = await stack.start(notificationsService, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Better+ <no-reply@betterplus.example>',
      MAIL_RETRY_MAX_DELAY_MS: '1000',
    });
  });
  after(async () => {
    await stack.close();
    await smtp.close();
  });

  const arrivalFor = (email: string, code: string) => eventually(async () => smtp.received.find((m) => m.to.includes(email) && unfolded(m.raw).includes(code)));

  it('carries an OtpRequested from the outbox over the bus to the SMTP server, code and all', async () => {
    const code = freshCode();
    const eventId = await publish.otpRequested(service, 'smtp@example.in', code);
    const mail = await arrivalFor('smtp@example.in', code);
    assert.equal(mail.from, 'no-reply@betterplus.example');
    assert.match(mail.raw, /^Subject: Your Better\+ verification code$/m);
    assert.match(mail.raw, /^To: smtp@example\.in$/m);
    assert.match(mail.raw, /Content-Type: text\/plain/);
    assert.match(mail.raw, /Content-Type: text\/html/);
    assert.equal(smtp.received.filter((m) => m.to.includes('smtp@example.in')).length, 1);
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(service, eventId)), [{ kind: 'otp', recipient: 'smtp@example.in' }]);
  });

  it('retries while the server refuses, recording each refusal, and the mail arrives once it accepts', async () => {
    smtp.state.refuseNext = 2;
    smtp.state.refused = 0;
    const code = freshCode();
    const eventId = await publish.otpRequested(service, 'flaky@example.in', code);
    await arrivalFor('flaky@example.in', code);
    assert.equal(smtp.state.refused, 2);
    const failures = await eventuallyRows(() => failuresOf(service, eventId), 2);
    assert.equal(failures.length, 2);
    for (const failure of failures) assert.match(failure.error, /451 Mailbox temporarily unavailable/);
    assert.equal(smtp.received.filter((m) => m.to.includes('flaky@example.in')).length, 1, 'accepted exactly once');
    assert.deepEqual(await deliveriesOf(service, eventId), [{ kind: 'otp', recipient: 'flaky@example.in' }]);
  });

  it('retries through an outage far longer than the old retry budget: the mail arrives once, nothing dead-lettered', async () => {
    await smtp.down();
    const code = freshCode();
    let eventId: string;
    try {
      eventId = await publish.otpRequested(service, 'outage@example.in', code);
      const [failure] = await eventuallyRows(() => failuresOf(service, eventId));
      assert.match(failure?.error ?? 'no failure recorded', /ECONNREFUSED/);
      // The old consumer gave up after five tries in about 1.5 s and dead-lettered the event for good.
      await sleep(7000);
      assert.ok((await failuresOf(service, eventId)).length >= 5, 'kept trying during the outage');
    } finally {
      await smtp.up();
    }
    await arrivalFor('outage@example.in', code);
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(service, eventId)), [{ kind: 'otp', recipient: 'outage@example.in' }]);
    await sleep(1500);
    assert.equal(smtp.received.filter((m) => m.to.includes('outage@example.in')).length, 1, 'delivered exactly once');
    assert.deepEqual(
      (await service.deps.metrics.deadLettered.get()).values.filter((v) => v.value > 0),
      [],
    );
  });
});
