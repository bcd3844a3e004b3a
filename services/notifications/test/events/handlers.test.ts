import assert from 'node:assert/strict';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { OtpRequestedEvent } from '@betterplus/events';
import { createSecretSealer, decodeEnvelope, encodeEvent, generateSecretKeys, localMailboxDir, readLocalMailbox, sealedSecretContext } from '@betterplus/kit';
import { eventually } from '@betterplus/kit/testing';
import { deliveriesOf, eventuallyRows, failuresOf, freshCode, otpPayload, notificationsForSuite, publish } from '../support/events.ts';

describe('event handlers, delivering to the local mailbox', () => {
  const suite = notificationsForSuite();
  const { deadLetters } = suite;

  const mailboxDir = () => localMailboxDir(suite.service().deps.config.DATA_DIR);
  const mailTo = (email: string, match: (text: string) => boolean = () => true) =>
    eventually(async () => (await readLocalMailbox(mailboxDir())).find((m) => m.to === email && match(m.text)));

  /** Puts a file where the mailbox folder goes, so every send fails until `repair` runs. */
  async function breakMailbox(): Promise<() => Promise<void>> {
    const dir = mailboxDir();
    await mkdir(dir, { recursive: true });
    await rename(dir, `${dir}.held`);
    await writeFile(dir, 'not a folder: every send fails');
    return async () => {
      await rm(dir);
      await rename(`${dir}.held`, dir);
    };
  }

  it('UserRegistered: a welcome mail, recorded as delivered for its event', async () => {
    const eventId = await publish.userRegistered(suite.service(), 'welcome@example.in');
    const mail = await mailTo('welcome@example.in');
    assert.equal(mail.subject, 'Welcome to Better+');
    assert.ok(mail.text.includes('https://betterplus.example/chat'));
    assert.equal(mail.from, 'Better+ <no-reply@localhost>');
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), eventId)), [{ kind: 'welcome', recipient: 'welcome@example.in' }]);
  });

  it('OtpRequested: the code in both bodies, valid for the 10 minutes the event states', async () => {
    const code = freshCode();
    await publish.otpRequested(suite.service(), 'otp@example.in', code);
    const mail = await mailTo('otp@example.in');
    assert.equal(mail.subject, 'Your Better+ verification code');
    assert.ok(mail.text.includes(`    ${code}\n`));
    assert.ok(mail.html.includes(`>${code}</p>`));
    assert.match(mail.text, /valid for 10 minutes/);
  });

  it('PasswordResetRequested: the reset link with the token, valid 30 minutes, and how to ignore it', async () => {
    await publish.passwordResetRequested(suite.service(), 'reset@example.in', 'reset-token_123');
    const mail = await mailTo('reset@example.in');
    assert.equal(mail.subject, 'Reset your Better+ password');
    assert.ok(mail.text.includes('https://betterplus.example/reset-password?token=reset-token_123'));
    assert.ok(mail.html.includes('href="https://betterplus.example/reset-password?token=reset-token_123"'));
    assert.match(mail.text, /valid for 30 minutes/);
    assert.match(mail.text, /you can ignore this email/);
  });

  it('ContactSubmitted: a copy to support that replies to the sender, and an acknowledgement', async () => {
    const eventId = await publish.contactSubmitted(suite.service(), 'sender@example.in', 'Volunteering');
    const support = await mailTo('support@localhost', (text) => text.includes('sender@example.in'));
    assert.equal(support.replyTo, 'sender@example.in');
    assert.equal(support.subject, 'Contact form: Volunteering');
    const acknowledgement = await mailTo('sender@example.in');
    assert.match(acknowledgement.text, /within 24-48 hours/);
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), eventId), 2), [
      { kind: 'contact_acknowledgement', recipient: 'sender@example.in' },
      { kind: 'contact_support', recipient: 'support@localhost' },
    ]);
  });

  it('sends one mail when the same event (same id) arrives twice', async () => {
    const code = freshCode();
    const email = 'twice@example.in';
    const event = encodeEvent(OtpRequestedEvent, 'identity', email, otpPayload(suite.service(), email, code));
    const duplicates = async () =>
      (await suite.service().deps.metrics.consumedEvents.get()).values.find(
        (v) => v.labels.topic === OtpRequestedEvent.topic && v.labels.outcome === 'duplicate',
      )?.value ?? 0;
    const before = await duplicates();

    await suite.service().deps.bus.publish([{ topic: OtpRequestedEvent.topic, key: email, value: event.bytes }]);
    await suite.service().deps.bus.publish([{ topic: OtpRequestedEvent.topic, key: email, value: event.bytes }]);
    await eventually(async () => ((await duplicates()) > before ? true : undefined));
    await mailTo(email);

    const mails = (await readLocalMailbox(mailboxDir())).filter((m) => m.to === email);
    assert.equal(mails.length, 1);
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), event.eventId)), [{ kind: 'otp', recipient: email }]);
  });

  it('retries a send that failed, records the failed attempt, and delivers once the mailer works again', async () => {
    const repair = await breakMailbox();
    const code = freshCode();
    let eventId: string;
    try {
      eventId = await publish.otpRequested(suite.service(), 'retry@example.in', code);
      const [failure] = await eventuallyRows(() => failuresOf(suite.service(), eventId));
      assert.ok(failure);
      assert.equal(failure.kind, 'otp');
      assert.match(failure.error, /EEXIST|ENOTDIR/);
      assert.deepEqual(await deliveriesOf(suite.service(), eventId), [], 'nothing recorded as delivered while it fails');
    } finally {
      await repair();
    }
    const mail = await mailTo('retry@example.in');
    assert.ok(mail.text.includes(code));
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), eventId)), [{ kind: 'otp', recipient: 'retry@example.in' }]);
    assert.equal(deadLetters.length, 0, 'a retry that succeeds dead-letters nothing');
  });

  it("queues the mail in the handler's transaction with the code sealed, and clears it once sent", async () => {
    const code = freshCode();
    const eventId = await publish.otpRequested(suite.service(), 'queued@example.in', code);
    await mailTo('queued@example.in');
    // The mail leaves before its row is marked sent, so the row catches up a moment later.
    const sent = await eventually(async () => {
      const { rows } = await suite
        .service()
        .deps.db.query<{ sealed: Uint8Array | null; sent: boolean }>(
          'SELECT sealed_message AS sealed, sent_at IS NOT NULL AS sent FROM email_deliveries WHERE event_id = $1',
          [eventId],
        );
      return rows[0]?.sent ? rows : undefined;
    });
    assert.deepEqual(sent, [{ sealed: null, sent: true }]);
  });

  it('keeps a queued mail sealed while it cannot be sent, and never dead-letters it', async () => {
    const repair = await breakMailbox();
    const code = freshCode();
    let eventId: string;
    try {
      eventId = await publish.otpRequested(suite.service(), 'held@example.in', code);
      await eventuallyRows(() => failuresOf(suite.service(), eventId), 2);
      const { rows } = await suite
        .service()
        .deps.db.query<{ sealed: Uint8Array }>('SELECT sealed_message AS sealed FROM email_deliveries WHERE event_id = $1', [eventId]);
      const [row] = rows;
      assert.ok(row, 'the intent is recorded');
      assert.ok(!Buffer.from(row.sealed).toString('latin1').includes(code), 'no plaintext code at rest');
    } finally {
      await repair();
    }
    await mailTo('held@example.in', (text) => text.includes(code));
    assert.equal(deadLetters.length, 0);
  });

  it('OtpRequested: mails nothing for a code sealed for another address or to another key, and dead-letters it', async () => {
    const email = 'victim@example.in';
    const code = freshCode();
    const elsewhere = { ...otpPayload(suite.service(), 'attacker@example.in', code), email };
    const strangerKey = {
      ...otpPayload(suite.service(), email, code),
      sealedCode: createSecretSealer(generateSecretKeys().publicKeyPem)(code, sealedSecretContext(OtpRequestedEvent.schema.typeName, email)),
    };
    for (const payload of [elsewhere, strangerKey]) {
      const eventId = await suite.service().deps.uow.run((tx) => tx.publish(OtpRequestedEvent, email, payload));
      await eventually(async () => deadLetters.find((m) => decodeEnvelope(m.value).eventId === eventId));
    }
    assert.equal((await readLocalMailbox(mailboxDir())).filter((m) => m.to === email).length, 0);
  });
});
