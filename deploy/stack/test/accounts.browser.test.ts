// The account journeys of the web app, end to end in Chromium against the embedded stack: sign up
// with the mailed code, sign out and in, a wrong password, a reset from the mailed link, and the
// contact form on a phone-sized screen. Mail is read from the stack's local mailbox.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { mailMatch, startBrowserStack } from './support/browser.ts';

const phone = { width: 375, height: 740 };

describe('account journeys in the web app, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;
  let page: Page;

  const email = `ada.${Date.now()}@example.com`;
  const firstPassword = 'first-Passw0rd';
  const newPassword = 'second-Passw0rd';

  async function signIn(password: string) {
    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async function signOut() {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${stack.url}/`);
  }

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack());
    page = await browser.newPage();
  });
  after(async () => {
    await stop();
  });

  it('signs up with the mailed one-time code and lands on /chat', async () => {
    await page.goto(`${stack.url}/signup`);
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('OTP sent to your email address').waitFor();

    const [, otp = ''] = await mailMatch(stack, email, /\b(\d{6})\b/);
    await page.getByPlaceholder('000000').fill(otp);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL(`${stack.url}/chat`);
  });

  it('signs out to the landing page', async () => {
    await signOut();
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
  });

  it('refuses a wrong password, then signs in with the right one', async () => {
    await signIn('not-the-password');
    await page.getByText('Failed to sign in. Please check your credentials.').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');

    await signIn(firstPassword);
    await page.waitForURL(`${stack.url}/chat`);
    await signOut();
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await page.getByText('Password reset instructions have been sent to your email.').waitFor();
    assert.equal(await page.getByLabel('Email address').inputValue(), '', 'the email is cleared');

    // The link names the public address; its path and token are opened on this test's stack.
    const [link = ''] = await mailMatch(stack, email, /https?:\/\/\S+\/reset-password\?token=[^\s"'<>]+/);
    const { pathname, search } = new URL(link);
    await page.goto(`${stack.url}${pathname}${search}`);

    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password has been reset successfully').waitFor();
    await page.waitForURL(`${stack.url}/login`);

    // A used link says so as the page opens.
    await page.goto(`${stack.url}${pathname}${search}`);
    await page.getByText('This password reset link is invalid, has expired or has already been used.').waitFor();
    assert.equal(await page.getByLabel('New Password').count(), 0, 'no new-password form for a used link');

    await signIn(newPassword);
    await page.waitForURL(`${stack.url}/chat`);
    await signOut();
  });

  it('sends the contact form on a phone-sized screen', async () => {
    const phonePage = await browser.newPage({ viewport: phone });
    await phonePage.goto(`${stack.url}/contact`);
    await phonePage.getByRole('heading', { name: 'Get in Touch' }).waitFor();
    // The support address is the server's SUPPORT_EMAIL (the embedded stack's default).
    await phonePage.getByRole('link', { name: 'support@localhost' }).waitFor();
    const pageWidth = await phonePage.evaluate<number>('document.documentElement.scrollWidth');
    assert.ok(pageWidth <= phone.width, `the page fits the phone's width (${pageWidth}px)`);

    await phonePage.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await phonePage.getByLabel('Email', { exact: true }).fill(email);
    await phonePage.getByLabel('Subject').fill('A question');
    await phonePage.getByLabel('Message').fill('How do I find changemakers near Pune?');
    await phonePage.getByRole('button', { name: 'Send Message' }).click();
    await phonePage.getByText('Message sent successfully!').waitFor();
    assert.equal(await phonePage.getByLabel('Subject').inputValue(), '', 'the form is cleared');
    await phonePage.close();
  });
});
