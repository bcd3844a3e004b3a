import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contactAcknowledgementEmail, contactSupportEmail } from '../../src/domain/emails/contact.ts';
import { escapeHtml } from '@betterplus/kit';
import { otpEmail } from '../../src/domain/emails/otp.ts';
import { passwordResetEmail, resetLink } from '../../src/domain/emails/password-reset.ts';
import { paymentFailedEmail } from '../../src/domain/emails/payment-failed.ts';
import { invoiceLink, paymentReceiptEmail } from '../../src/domain/emails/payment-receipt.ts';
import { planExpiredEmail } from '../../src/domain/emails/plan-expired.ts';
import { subscriptionCancelledEmail } from '../../src/domain/emails/subscription-cancelled.ts';
import { welcomeEmail } from '../../src/domain/emails/welcome.ts';

const hostile = '<script>alert("x")</script> & Co';
const person = { name: hostile, email: 'asha@example.in' };

/** Every email carries the brand frame and never the raw hostile markup. */
function assertBrandedAndEscaped(html: string): void {
  assert.match(html, /^<!doctype html>/);
  assert.ok(html.includes('Better+ &middot; your knowledge assistant'), 'the branded footer');
  assert.ok(!html.includes('<script>'), 'user-supplied markup is escaped');
  assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co'));
}

describe('email templates', () => {
  it('escapes the five HTML-significant characters', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('welcome: greets the person and links to the chat', () => {
    const mail = welcomeEmail(person, 'https://betterplus.example/');
    assert.equal(mail.to, 'asha@example.in');
    assert.equal(mail.subject, 'Welcome to Better+');
    assert.ok(mail.text.includes(`Hello ${hostile},`), 'plain text keeps the name as typed');
    assert.ok(mail.text.includes('https://betterplus.example/chat'));
    assert.ok(mail.html.includes('href="https://betterplus.example/chat"'));
    assertBrandedAndEscaped(mail.html);
  });

  it('otp: the six-digit code stands out in both bodies, with its validity', () => {
    const mail = otpEmail(person, '042917', 10);
    assert.equal(mail.to, 'asha@example.in');
    assert.equal(mail.subject, 'Your Better+ verification code');
    assert.match(mail.text, /verification code is:\n\n {4}042917\n/);
    assert.match(mail.text, /valid for 10 minutes/);
    assert.match(mail.html, /font-size:32px[^>]*>042917<\/p>/);
    assert.match(mail.html, /valid for 10 minutes/);
    assertBrandedAndEscaped(mail.html);
  });

  it('password reset: the link to /reset-password with the token, its validity and how to ignore it', () => {
    const mail = passwordResetEmail(person, 'tok_en/+=', 'https://betterplus.example', 30);
    const link = 'https://betterplus.example/reset-password?token=tok_en%2F%2B%3D';
    assert.equal(resetLink('https://betterplus.example/', 'tok_en/+='), link);
    assert.equal(mail.subject, 'Reset your Better+ password');
    assert.ok(mail.text.includes(`\n\n${link}\n\n`), 'the link on a line of its own');
    assert.match(mail.text, /valid for 30 minutes/);
    assert.match(mail.text, /If you did not ask to reset your password, you can ignore this email/);
    assert.ok(mail.html.includes(`href="${link}"`));
    assert.match(mail.html, /Choose a new password<\/a>/);
    assert.match(mail.html, /If you did not ask to reset your password, you can ignore this email/);
    assertBrandedAndEscaped(mail.html);
  });

  it("contact, support's copy: to support, reply-to the sender, the whole message escaped", () => {
    const contact = {
      messageId: 'm-1',
      name: hostile,
      email: 'asha@example.in',
      subject: 'Grants <b>now</b>',
      message: 'Line one\n<img src=x onerror=alert(1)>',
    };
    const mail = contactSupportEmail(contact, 'support@betterplus.example');
    assert.equal(mail.to, 'support@betterplus.example');
    assert.equal(mail.replyTo, 'asha@example.in');
    assert.equal(mail.subject, 'Contact form: Grants <b>now</b>');
    assert.ok(mail.text.includes('Line one\n<img src=x onerror=alert(1)>'), 'plain text carries the message verbatim');
    assert.ok(mail.text.includes('m-1'));
    assert.ok(mail.html.includes('Grants &lt;b&gt;now&lt;/b&gt;'));
    assert.ok(mail.html.includes('Line one\n&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(!mail.html.includes('<img'));
    assertBrandedAndEscaped(mail.html);
  });

  it("contact, the sender's acknowledgement: promises a reply within 24-48 hours and echoes nothing they typed but the name", () => {
    const mail = contactAcknowledgementEmail(person);
    assert.equal(mail.to, 'asha@example.in');
    assert.equal(mail.replyTo, undefined);
    assert.equal(mail.subject, 'We received your message');
    assert.match(mail.text, /will reply within 24-48 hours/);
    assert.match(mail.html, /will reply within 24-48 hours/);
    assertBrandedAndEscaped(mail.html);
  });

  const premiumMonth = { start: new Date('2026-03-04T20:00:00Z'), end: new Date('2026-04-04T20:00:00Z') };

  it('payment receipt: plan, rupees, invoice number, the India dates of the period and the invoice link', () => {
    const mail = paymentReceiptEmail(
      person,
      { plan: 'premium', invoiceId: 42n, invoiceNumber: 'INV-000042', amountPaise: 249_900n, period: premiumMonth },
      'https://betterplus.example/',
    );
    assert.equal(invoiceLink('https://betterplus.example/', 42n), 'https://betterplus.example/invoices/42');
    assert.equal(mail.to, 'asha@example.in');
    assert.equal(mail.subject, 'Your Better+ receipt INV-000042');
    assert.ok(mail.text.includes('Plan: Premium\nAmount paid: ₹2,499.00\nInvoice: INV-000042\nPeriod: 5 March 2026 to 5 April 2026\n'));
    assert.ok(mail.text.includes('https://betterplus.example/invoices/42'));
    assert.ok(mail.html.includes('href="https://betterplus.example/invoices/42"'));
    assert.ok(mail.html.includes('>₹2,499.00</td>'));
    assertBrandedAndEscaped(mail.html);
  });

  it('payment receipt: leaves the period out when the event did not state it', () => {
    const mail = paymentReceiptEmail(
      person,
      { plan: 'premium', invoiceId: 1n, invoiceNumber: 'INV-000001', amountPaise: 249_900n },
      'https://betterplus.example',
    );
    assert.doesNotMatch(mail.text, /Period:/);
    assert.doesNotMatch(mail.html, /Period/);
  });

  it('subscription cancelled: Premium until the India date, then Basic, and no refunds', () => {
    const mail = subscriptionCancelledEmail(person, new Date('2026-04-30T19:00:00Z'));
    assert.equal(mail.to, 'asha@example.in');
    assert.equal(mail.subject, 'Your Better+ Premium subscription is cancelled');
    assert.match(mail.text, /keep using Premium until 1 May 2026; after that your account moves to the Basic plan\./);
    assert.match(mail.text, /Payments already made are not refunded\./);
    assert.match(mail.html, /until 1 May 2026/);
    assertBrandedAndEscaped(mail.html);
    assert.match(subscriptionCancelledEmail(person, undefined).text, /keep using Premium until the end of the period you have paid for;/);
  });

  it("payment failed: the amount, the provider's reason escaped, Razorpay's retries and the profile link", () => {
    const mail = paymentFailedEmail(person, { amountPaise: 249_900n, reason: 'Card <declined>' }, 'https://betterplus.example');
    assert.equal(mail.to, 'asha@example.in');
    assert.equal(mail.subject, 'Your Better+ payment did not go through');
    assert.match(mail.text, /The charge of ₹2,499\.00 for your Better\+ Premium subscription did not go through\./);
    assert.match(mail.text, /The payment provider said: Card <declined>/);
    assert.match(mail.text, /Razorpay will try the charge again automatically/);
    assert.ok(mail.text.includes('\nhttps://betterplus.example/profile\n'));
    assert.ok(mail.html.includes('Card &lt;declined&gt;'));
    assert.ok(mail.html.includes('href="https://betterplus.example/profile"'));
    assertBrandedAndEscaped(mail.html);
    assert.doesNotMatch(paymentFailedEmail(person, { amountPaise: 249_900n, reason: '' }, 'https://betterplus.example').text, /provider said/);
  });

  it('plan expired: back on Basic with 1 query a month, and the link to choose a plan', () => {
    const mail = planExpiredEmail(person, 'premium', 'https://betterplus.example/');
    assert.equal(mail.to, 'asha@example.in');
    assert.equal(mail.subject, 'Your Better+ Premium plan has ended');
    assert.match(mail.text, /your account is back on the Basic plan: 1 query a month\./);
    assert.ok(mail.text.includes('https://betterplus.example/profile#choose-a-plan'));
    assert.ok(mail.html.includes('href="https://betterplus.example/profile#choose-a-plan"'));
    assertBrandedAndEscaped(mail.html);
  });
});
