// Every page of the web app, signed out and signed in (and with the drawer open), checked by axe-core
// in Chromium: no serious or critical violation, one h1, and a document title of its own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { createAccount, seriousViolations, signedInContext, startBrowserStack, type Account } from './support/browser.ts';

const app = 'Better+';
const title = (page: string) => `${page} · ${app}`;

/** Pages anyone may open, with the title each must carry. */
const publicPages: [path: string, title: string][] = [
  ['/', title('Your knowledge assistant for all things impact')],
  ['/about', title('About')],
  ['/contact', title('Contact Us')],
  ['/terms', title('Terms and Conditions')],
  ['/privacy', title('Privacy Policy')],
  ['/reset-password?token=x', title('Set a new password')],
  ['/vikarapanel', title('Admin Panel')],
  ['/no-such-page', title('Page not found')],
];
const guestPages: [path: string, title: string][] = [
  ['/login', title('Sign in')],
  ['/signup', title('Sign up')],
];
const userPages: [path: string, title: string][] = [
  ['/chat', title('Chat')],
  ['/profile', title('Profile Settings')],
  ['/invoices/1', title('Invoice')],
  ['/knowledge', title('Knowledge Base')],
  ['/knowledge/goonj', title('Goonj')],
  ['/knowledge/no-such-entry', title('Entry not found')],
];

/** Opens `path`, waits until the page is settled, and checks it. */
async function checkPage(page: Page, url: string, expectedTitle: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(await page.title(), expectedTitle, `the title of ${url}`);
  assert.equal(await page.locator('h1').count(), 1, `${url} has one h1`);
  assert.deepEqual(await seriousViolations(page), [], `axe on ${url}`);
}

describe('accessibility of every page, checked by axe-core in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;
  let account: Account;
  let guest: BrowserContext;
  let user: BrowserContext;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack());
    account = await createAccount(stack, 'a11y');
    guest = await browser.newContext();
    user = await signedInContext(browser, account);
  });
  after(async () => {
    await stop();
  });

  it('signed out: every page, and a protected one sends to a sign-in page that passes', async () => {
    const page = await guest.newPage();
    for (const [path, expected] of [...publicPages, ...guestPages]) await checkPage(page, `${stack.url}${path}`, expected);
    for (const [path] of userPages) await checkPage(page, `${stack.url}${path}`, title('Sign in'));
    await page.close();
  });

  it('signed out: the reset mode of the login page and the code step of signup', async () => {
    const page = await guest.newPage();
    await checkPage(page, `${stack.url}/login`, title('Sign in'));
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Instructions' }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'axe on the reset mode of /login');

    await checkPage(page, `${stack.url}/signup`, title('Sign up'));
    await page.getByLabel('Full Name').fill('Axe Tester');
    await page.getByLabel('Email address').fill(`axe.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('axe-Passw0rd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('button', { name: 'Verify OTP' }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'axe on the code step of /signup');
    await page.close();
  });

  it('signed in: every page', async () => {
    const page = await user.newPage();
    for (const [path, expected] of [...userPages, ...publicPages]) await checkPage(page, `${stack.url}${path}`, expected);
    await page.close();
  });

  it('signed in: the drawer open', async () => {
    const page = await user.newPage();
    await checkPage(page, `${stack.url}/profile`, title('Profile Settings'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Colours are checked once the drawer has slid and faded in: antd drops its motion classes then.
    await page.locator('.ant-drawer-content-wrapper:not([class*="motion"])').waitFor();
    assert.deepEqual(await seriousViolations(page), [], 'axe with the drawer open');
    await page.close();
  });
});
