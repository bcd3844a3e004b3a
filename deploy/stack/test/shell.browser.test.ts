// The shell of the web app in Chromium against the embedded stack: what the lazy bundle loads,
// the header for signed-out visitors, the way back to a protected page after signing in, the
// scroll on route changes, the drawer by keyboard, focus on a failed form, the signup code step
// (countdown, reload, resend) and a dead reset link.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { createAccount, mailedCodes, signedInContext, startBrowserStack, type Account } from './support/browser.ts';
import { eventually } from '@betterplus/kit/testing';

const phone = { width: 375, height: 740 };

describe('the web shell, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;
  let account: Account;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack());
    account = await createAccount(stack, 'shell');
  });
  after(async () => {
    await stop();
  });

  async function signInOn(page: Page, who: Account) {
    await page.getByLabel('Email address').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  // Code run in the page is written as strings: this package is type-checked without the DOM library.
  /** The element that has the keyboard focus: its id, aria-label and text. */
  const focused = (page: Page) =>
    page.evaluate<{ id: string; label: string; text: string }>(
      `(() => { const e = document.activeElement; return { id: e?.id ?? '', label: e?.getAttribute('aria-label') ?? '', text: e?.textContent.trim() ?? '' }; })()`,
    );
  const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

  it('loads the landing page without the code of the other pages or the admin area', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(stack.url);
    await page.getByRole('heading', { name: 'Your knowledge assistant for all things impact', level: 1 }).waitFor();
    for (const other of ['LoginPage', 'SignupPage', 'ProfilePage', 'ContactPage', 'AdminLayout', 'RightDrawer']) {
      assert.ok(!scripts.some((script) => script.includes(other)), `${other} is not loaded on / (${scripts.join(', ')})`);
    }
    await page.goto(`${stack.url}/vikarapanel`);
    await page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
    assert.ok(
      scripts.some((script) => script.includes('AdminLayout')),
      'the admin area is a chunk of its own, loaded when visited',
    );
    await page.close();
  });

  it('offers a reload when the code of a page no longer loads (a release replaced it while the tab was open)', async () => {
    const page = await browser.newPage();
    await page.goto(stack.url);
    await page.route('**/assets/AboutPage-*.js', (route) => route.fulfill({ status: 404, body: '' }));
    await page.evaluate(`history.pushState(null, '', '/about'); dispatchEvent(new PopStateEvent('popstate'))`);
    await page.getByRole('heading', { name: 'This page could not be loaded', level: 1 }).waitFor();
    await page.unroute('**/assets/AboutPage-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'About Better+', level: 1 }).waitFor();
    await page.close();
  });

  it('shows Sign in as well as Sign up to signed-out visitors', async () => {
    const page = await browser.newPage();
    await page.goto(stack.url);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Sign up' }).waitFor();
    await header.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${stack.url}/login`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.close();
  });

  it('brings a visitor sent to /login from a protected page back to it after signing in', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/profile?tab=password`);
    await page.waitForURL(`${stack.url}/login`);
    await signInOn(page, account);
    await page.waitForURL(`${stack.url}/profile?tab=password`);
    await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
    await page.close();
  });

  it('goes to /chat after signing in when the page it came from is not a path of this site', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/login`);
    // What a crafted history entry could hand the login page; it must not leave the site.
    await page.evaluate(`history.replaceState({ usr: { from: '//example.com/phish' }, key: 'crafted', idx: 0 }, '')`);
    await page.reload();
    await signInOn(page, account);
    await page.waitForURL(`${stack.url}/chat`);
    await page.close();
  });

  it('scrolls smoothly to the top on a route change', async () => {
    const page = await browser.newPage({ viewport: phone });
    // Records every window.scrollTo call, then scrolls as asked.
    await page.addInitScript({
      content:
        'window.scrollCalls = []; const scrollTo = window.scrollTo.bind(window); window.scrollTo = (...args) => { window.scrollCalls.push(args[0]); scrollTo(...args); };',
    });
    await page.goto(`${stack.url}/contact`);
    await page.getByRole('heading', { name: 'Get in Touch' }).waitFor();
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    assert.ok((await scrollY(page)) > 200, 'the contact page is taller than a phone');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    const calls = await page.evaluate<unknown[]>('window.scrollCalls');
    assert.deepEqual(calls.at(-1), { top: 0, behavior: 'smooth' });
    await eventually(async () => ((await scrollY(page)) === 0 ? true : undefined), 5000);
    await page.close();
  });

  it('reaches every drawer item with Tab', async () => {
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    await page.goto(`${stack.url}/chat`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('navigation', { name: 'Menu' }).waitFor();
    const reached = new Set<string>();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      const { text, label } = await focused(page);
      reached.add(label || text);
    }
    for (const item of ['Chat', 'Profile', 'Terms and Conditions', 'Privacy Policy', 'Contact Us', 'The Better India', 'Sign Out']) {
      assert.ok(reached.has(item), `${item} is reached with Tab (reached: ${[...reached].join(', ')})`);
    }
    await context.close();
  });

  it('moves the focus to the error after a failed sign-in, and to the first missing field', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await eventually(async () => ((await focused(page)).id === 'email' ? true : undefined), 5000);

    await signInOn(page, { ...account, password: 'not-the-password' });
    await page.getByText('Failed to sign in. Please check your credentials.').waitFor();
    await eventually(async () => ((await focused(page)).text.includes('Failed to sign in') ? true : undefined), 5000);
    await page.close();
  });

  it('moves the focus to the error after a failed signup, contact message, profile update and reset', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/signup`);
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('another-Passw0rd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').waitFor();
    await eventually(async () => ((await focused(page)).text === (await page.getByRole('alert').textContent())?.trim() ? true : undefined), 5000);

    await page.route('**/api/contact/submit', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service unavailable","code":"X"}' }),
    );
    await page.goto(`${stack.url}/contact`);
    await page.getByLabel('Name', { exact: true }).fill('Ada');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Message').fill('A question');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Service unavailable').waitFor();
    await eventually(async () => ((await focused(page)).text.includes('Service unavailable') ? true : undefined), 5000);
    await page.close();

    const context = await signedInContext(browser, account);
    const profile = await context.newPage();
    await profile.route('**/api/user', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback()));
    await profile.goto(`${stack.url}/profile`);
    await profile.getByRole('button', { name: 'Update Profile' }).click();
    await profile.getByText('Failed to update profile').waitFor();
    await eventually(async () => ((await focused(profile)).text.includes('Failed to update profile') ? true : undefined), 5000);
    await context.close();

    // A reset the server refuses after the link was found good (it expired in between).
    const reset = await browser.newPage();
    await reset.route('**/api/reset-password/check', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"valid":true}' }));
    await reset.route('**/api/reset-password/verify', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"This reset link has expired","code":"IDENTITY_RESET_TOKEN_EXPIRED"}' }),
    );
    await reset.goto(`${stack.url}/reset-password?token=expired-meanwhile`);
    await reset.getByLabel('New Password').fill('third-Passw0rd');
    await reset.getByLabel('Confirm Password').fill('third-Passw0rd');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByText('This reset link has expired').waitFor();
    await eventually(async () => ((await focused(reset)).text.includes('This reset link has expired') ? true : undefined), 5000);
    await reset.close();
  });

  it('counts down to Resend OTP, keeps the code step over a reload, and says the earlier code is void after a resend', async () => {
    const email = `otp.${Date.now()}@example.com`;
    const password = 'otp-Passw0rd';
    const page = await browser.newPage();
    await page.goto(`${stack.url}/signup`);
    await page.getByLabel('Full Name').fill('Otp Tester');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('OTP sent to your email address').waitFor();

    const resend = page.getByRole('button', { name: 'Resend OTP' });
    await page.getByText(/You can ask for a new code in ([1-9]|[12]\d|30) s\./).waitFor();
    assert.equal(await resend.isDisabled(), true, 'Resend OTP waits for the server cooldown');
    const [firstCode] = await eventually(async () => {
      const codes = await mailedCodes(stack, email);
      return codes.length > 0 ? codes : undefined;
    });

    await page.reload();
    await page.getByRole('heading', { name: 'Verify your email', level: 1 }).waitFor();
    await page.getByText(email).waitFor();
    await page.getByText(/You can ask for a new code in \d+ s\./).waitFor();
    const stored = await page.evaluate<string>('JSON.stringify({ ...sessionStorage })');
    assert.ok(stored.includes(email), 'the OTP step is kept for this address');
    assert.ok(!stored.includes(password), 'the password is never stored in the browser');

    // The server's cooldown is 30 s; the button comes back when the countdown ends.
    await page.locator('button:not([disabled])', { hasText: 'Resend OTP' }).waitFor({ timeout: 40_000 });
    await resend.click();
    await page.getByText('OTP resent successfully. The code sent before no longer works.').waitFor();
    await page.getByText(/You can ask for a new code in \d+ s\./).waitFor();
    const newCode = await eventually(async () => (await mailedCodes(stack, email)).find((code) => code !== firstCode));

    await page.getByPlaceholder('000000').fill(firstCode ?? '');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    const refusal = page.getByRole('alert').filter({ hasNotText: 'resent' });
    await refusal.waitFor();
    const refusalText = (await refusal.textContent())?.trim() ?? '';
    await eventually(async () => ((await focused(page)).text === refusalText ? true : undefined), 5000);
    await page.getByPlaceholder('000000').fill(newCode);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL(`${stack.url}/chat`);
    assert.equal(await page.evaluate<number>('sessionStorage.length'), 0, 'nothing of the signup is left in the tab');
    await page.close();
  });

  it('says at once that a reset link is invalid and offers a new one', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/reset-password?token=not-a-real-token`);
    await page.getByText('This password reset link is invalid, has expired or has already been used.').waitFor();
    assert.equal(await page.getByLabel('New Password').count(), 0, 'no new-password form for a dead link');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await page.getByText('Password reset instructions have been sent to your email.').waitFor();
    await page.close();
  });
});
