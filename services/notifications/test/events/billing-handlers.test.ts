import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { PaymentVerifiedEvent } from '@betterplus/events';
import { encodeEvent, localMailboxDir, readLocalMailbox, type StoredMail } from '@betterplus/kit';
import { eventually } from '@betterplus/kit/testing';
import { deliveriesOf, eventuallyRows, notificationsForSuite, publish, timestampOf } from '../support/events.ts';

describe("billing's events: mail to the user identity told us about", () => {
  const suite = notificationsForSuite();
  const { deadLetters } = suite;

  const mailsTo = async (email: string): Promise<StoredMail[]> =>
    (await readLocalMailbox(localMailboxDir(suite.service().deps.config.DATA_DIR))).filter((m) => m.to === email);
  const mailTo = (email: string, subject: string) => eventually(async () => (await mailsTo(email)).find((m) => m.subject === subject));

  /** A user notifications knows (their UserRegistered applied), with an address no other test uses. */
  async function knownUser(name = 'Kavya Menon'): Promise<{ userId: string; email: string }> {
    const userId = randomUUID();
    const email = `${userId}@example.in`;
    await publish.userRegistered(suite.service(), email, { userId, name });
    await mailTo(email, 'Welcome to Better+');
    return { userId, email };
  }

  it('PaymentVerified: a receipt for Premium with the amount, invoice number, India-time period and invoice link', async () => {
    const { userId, email } = await knownUser();
    // 5 March 01:30 in India is still 4 March in UTC: the mail shows India's dates.
    const eventId = await publish.paymentVerified(suite.service(), userId, {
      invoiceId: 42n,
      periodStart: new Date('2026-03-04T20:00:00Z'),
      periodEnd: new Date('2026-04-04T20:00:00Z'),
    });
    const mail = await mailTo(email, 'Your Better+ receipt INV-000042');
    assert.match(mail.text, /^Hello Kavya Menon,/);
    assert.match(mail.text, /Plan: Premium\n/);
    assert.match(mail.text, /Amount paid: ₹2,499\.00\n/);
    assert.match(mail.text, /Invoice: INV-000042\n/);
    assert.match(mail.text, /Period: 5 March 2026 to 5 April 2026\n/);
    assert.ok(mail.text.includes('https://betterplus.example/invoices/42\n'));
    assert.ok(mail.html.includes('href="https://betterplus.example/invoices/42"'));
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), eventId)), [{ kind: 'payment_receipt', recipient: email }]);
  });

  it('SubscriptionCancelled: Premium until the India date of access_until, then Basic, and no refunds', async () => {
    const { userId, email } = await knownUser();
    const eventId = await publish.subscriptionCancelled(suite.service(), userId, new Date('2026-04-30T19:00:00Z'));
    const mail = await mailTo(email, 'Your Better+ Premium subscription is cancelled');
    assert.match(mail.text, /keep using Premium until 1 May 2026; after that your account moves to the Basic plan/);
    assert.match(mail.text, /Payments already made are not refunded\./);
    assert.match(mail.html, /Payments already made are not refunded\./);
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), eventId)), [{ kind: 'subscription_cancelled', recipient: email }]);
  });

  it('PaymentFailed: the charge did not go through, Razorpay retries, update the payment method on the profile', async () => {
    const { userId, email } = await knownUser();
    const eventId = await publish.paymentFailed(suite.service(), userId, 'Payment was declined by the bank');
    const mail = await mailTo(email, 'Your Better+ payment did not go through');
    assert.match(mail.text, /The charge of ₹2,499\.00 for your Better\+ Premium subscription did not go through\./);
    assert.match(mail.text, /Payment was declined by the bank/);
    assert.match(mail.text, /Razorpay will try the charge again automatically/);
    assert.match(mail.text, /update your payment method/);
    assert.ok(mail.text.includes('\nhttps://betterplus.example/profile\n'));
    assert.ok(mail.html.includes('href="https://betterplus.example/profile"'));
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), eventId)), [{ kind: 'payment_failed', recipient: email }]);
  });

  it('PlanExpired: back on Basic with 1 query a month, and the link to choose Premium again', async () => {
    const { userId, email } = await knownUser();
    const eventId = await publish.planExpired(suite.service(), userId);
    const mail = await mailTo(email, 'Your Better+ Premium plan has ended');
    assert.match(mail.text, /back on the Basic plan: 1 query a month/);
    assert.ok(mail.text.includes('https://betterplus.example/profile#choose-a-plan'));
    assert.ok(mail.html.includes('href="https://betterplus.example/profile#choose-a-plan"'));
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), eventId)), [{ kind: 'plan_expired', recipient: email }]);
  });

  it('sends one receipt when the same PaymentVerified (same id) arrives twice', async () => {
    const { userId, email } = await knownUser();
    const event = encodeEvent(PaymentVerifiedEvent, 'billing', userId, {
      userId,
      invoiceId: 7n,
      invoiceNumber: 'INV-000007',
      amountPaise: 249_900n,
      plan: 'premium',
      periodStart: timestampOf(new Date('2026-03-04T20:00:00Z')),
      periodEnd: timestampOf(new Date('2026-04-04T20:00:00Z')),
    });
    const duplicates = async () =>
      (await suite.service().deps.metrics.consumedEvents.get()).values.find(
        (v) => v.labels.topic === PaymentVerifiedEvent.topic && v.labels.outcome === 'duplicate',
      )?.value ?? 0;
    const before = await duplicates();

    await suite.service().deps.bus.publish([{ topic: PaymentVerifiedEvent.topic, key: userId, value: event.bytes }]);
    await suite.service().deps.bus.publish([{ topic: PaymentVerifiedEvent.topic, key: userId, value: event.bytes }]);
    await eventually(async () => ((await duplicates()) > before ? true : undefined));
    await mailTo(email, 'Your Better+ receipt INV-000007');

    assert.equal((await mailsTo(email)).filter((m) => m.subject === 'Your Better+ receipt INV-000007').length, 1);
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), event.eventId)), [{ kind: 'payment_receipt', recipient: email }]);
  });

  it('holds the mail of a user not known yet, without retrying or dead-lettering, and sends it once UserRegistered is applied', async () => {
    const userId = randomUUID();
    const email = `${userId}@example.in`;
    const retried = async () =>
      (await suite.service().deps.metrics.consumedEvents.get()).values.find(
        (v) => v.labels.topic === PaymentVerifiedEvent.topic && v.labels.outcome === 'retried',
      )?.value ?? 0;
    const heldFor = async () => (await suite.service().deps.db.query<{ kind: string }>('SELECT kind FROM held_mails WHERE user_id = $1', [userId])).rows;

    const eventId = await publish.paymentVerified(suite.service(), userId, { invoiceId: 77n });
    assert.deepEqual(await eventuallyRows(heldFor), [{ kind: 'payment_receipt' }]);
    assert.deepEqual(await mailsTo(email), [], 'no address to send to yet');

    // Identity's event comes after billing's on the bus: it must not be stuck behind it.
    await publish.userRegistered(suite.service(), email, { userId, name: 'Late Arrival' });
    const mail = await mailTo(email, 'Your Better+ receipt INV-000077');
    assert.match(mail.text, /^Hello Late Arrival,/);
    assert.match(mail.text, /Amount paid: ₹2,499\.00\n/);
    assert.deepEqual(await eventuallyRows(() => deliveriesOf(suite.service(), eventId)), [{ kind: 'payment_receipt', recipient: email }]);
    assert.deepEqual(await heldFor(), []);
    assert.equal(await retried(), 0, 'held, not retried in place');
    assert.equal(deadLetters.length, 0, 'an unknown user is waited for, never dead-lettered');
  });

  it('greets by the name of the latest UserUpdated in later mail', async () => {
    const { userId, email } = await knownUser('Kavya Menon');
    const updated = await publish.userUpdated(suite.service(), userId, 'Kavya M. Nair', email);
    await eventually(async () =>
      (await suite.service().deps.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [updated])).rows[0] ? true : undefined,
    );
    await publish.planExpired(suite.service(), userId);
    const mail = await mailTo(email, 'Your Better+ Premium plan has ended');
    assert.match(mail.text, /^Hello Kavya M\. Nair,/);
    assert.ok(mail.html.includes('Hello Kavya M. Nair,'));
  });
});
