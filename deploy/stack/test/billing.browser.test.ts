// The billing screens in Chromium against the embedded stack, whose billing runs Razorpay's sandbox
// (testMode): Upgrade Now on the profile opens the TEST MODE checkout, paying lands on /chat, the
// profile shows Premium with its new allowance and the invoice, the invoice page shows the GST
// tax invoice, prints without the app around it and downloads as INV-…pdf; cancelling asks first
// and keeps Premium to the end date. The chat's limit dialog leads to the profile's plan section.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { createAccount, seriousViolations, signedInContext, startBrowserStack, type Account } from './support/browser.ts';

/** A profile card, found by its title (an h2). */
const section = (page: Page, title: string) => page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: title, level: 2 }) });
const planCard = (page: Page, plan: 'Basic' | 'Premium') =>
  page
    .locator('#choose-a-plan')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: plan, level: 3 }) });

describe('subscribing, invoices and cancelling, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack());
  });
  after(async () => {
    await stop();
  });

  /** A new account once billing has granted it Basic (it learns of the account from identity's event). */
  async function basicAccount(label: string): Promise<Account> {
    const account = await createAccount(stack, label);
    await eventually(async () =>
      (await fetch(`${stack.url}/api/subscription`, { headers: { authorization: `Bearer ${account.token}` } })).ok ? true : undefined,
    );
    return account;
  }

  it('upgrades through the TEST MODE checkout, shows Premium and its invoice, downloads the PDF, and cancels', { timeout: 120_000 }, async () => {
    const account = await basicAccount('billing');
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/profile`);
      await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
      const subscription = section(page, 'Current Subscription');
      await subscription.getByText('Basic', { exact: true }).waitFor();
      assert.equal(await subscription.getByRole('button', { name: 'Cancel Subscription' }).count(), 0, 'Basic cannot be cancelled');
      await section(page, 'Invoices').getByText('No invoices available').waitFor();

      // The plan section: Basic is held, Premium is offered.
      const basicButton = planCard(page, 'Basic').getByRole('button', { name: 'Current Plan' });
      await basicButton.waitFor();
      assert.equal(await basicButton.isDisabled(), true);
      await planCard(page, 'Premium').getByRole('button', { name: 'Upgrade Now' }).click();

      const checkout = page.getByRole('dialog', { name: /TEST MODE/ });
      await checkout.waitFor();
      const checkoutText = (await checkout.textContent()) ?? '';
      for (const text of ['Premium', '₹2,499.00 / month', 'no real money', account.email])
        assert.ok(checkoutText.includes(text), `the test checkout shows ${text} (${checkoutText})`);
      // Colours are checked once the dialog has zoomed and faded in: antd drops its motion classes then.
      await page.locator('.ant-modal:not([class*="motion"])').waitFor();
      assert.deepEqual(await seriousViolations(page), [], 'axe with the test checkout open');
      await checkout.getByRole('button', { name: /^Pay/ }).click();
      await page.waitForURL(`${stack.url}/chat`);

      await page.goto(`${stack.url}/profile`);
      await subscription.getByText('Premium', { exact: true }).waitFor();
      await subscription.getByText('0 / 50').waitFor();
      await subscription.getByText('Active', { exact: true }).waitFor();
      assert.equal(await planCard(page, 'Premium').getByRole('button', { name: 'Current Plan' }).isDisabled(), true);
      assert.equal(await planCard(page, 'Basic').getByRole('button', { name: 'Start for Free' }).isDisabled(), true, 'no Basic while Premium is active');
      assert.deepEqual(await seriousViolations(page), [], 'axe on the profile with Premium');

      // The invoice follows the payment (the sandbox's webhook may come a moment after the verification).
      const view = section(page, 'Invoices').getByRole('link', { name: /^View invoice INV-\d{6}$/ });
      await eventually(
        async () => {
          if ((await view.count()) > 0) return true;
          await page.reload();
          await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
          return undefined;
        },
        20_000,
        500,
      );
      assert.ok(((await section(page, 'Invoices').textContent()) ?? '').includes('₹2499.00'), 'the list shows rupees with 2 decimals');
      const number = ((await view.getAttribute('aria-label')) ?? '').replace('View invoice ', '');
      await view.click();
      await page.waitForURL(/\/invoices\/\d+$/);

      // The tax invoice.
      await page.getByRole('heading', { name: 'Tax Invoice', level: 1 }).waitFor();
      const invoice = page.getByRole('article');
      const invoiceText = (await invoice.textContent()) ?? '';
      for (const text of [
        number,
        'Better+',
        account.name,
        account.email,
        '998431',
        'Razorpay',
        'Rupees Two Thousand Four Hundred Ninety-Nine Only',
        'non-refundable',
      ]) {
        assert.ok(invoiceText.includes(text), `the invoice shows ${text}`);
      }
      const totals = invoice.getByRole('table', { name: 'Totals' });
      assert.match((await totals.getByRole('row', { name: /^Total/ }).textContent()) ?? '', /₹2,499\.00/);
      assert.match((await totals.getByRole('row', { name: /^CGST @ 9%/ }).textContent()) ?? '', /₹190\.60/);
      assert.match((await totals.getByRole('row', { name: /^SGST @ 9%/ }).textContent()) ?? '', /₹190\.60/);
      assert.match((await totals.getByRole('row', { name: /^Taxable value/ }).textContent()) ?? '', /₹2,117\.80/);
      assert.equal(await page.locator('h1').count(), 1);
      assert.equal(await page.title(), 'Invoice · Better+');
      assert.deepEqual(await seriousViolations(page), [], 'axe on the invoice');

      // On paper: the invoice without the app's header, footer and buttons.
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.getByRole('banner').isVisible(), false, 'no header on paper');
      assert.equal(await page.getByRole('button', { name: 'Print' }).isVisible(), false, 'no buttons on paper');
      assert.equal(await invoice.isVisible(), true);
      await page.emulateMedia({ media: 'screen' });

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
      assert.equal(download.suggestedFilename(), `${number}.pdf`);
      const pdf = await readFile(await download.path());
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');

      // Cancelling asks first, then keeps Premium to the end date.
      await page.getByRole('link', { name: 'Back to Profile' }).click();
      await page.waitForURL(`${stack.url}/profile`);
      await subscription.getByRole('button', { name: 'Cancel Subscription' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel your Premium subscription?' });
      await confirm.waitFor();
      assert.match((await confirm.textContent()) ?? '', /Your Premium access lasts until \d{1,2} \w+ \d{4}\. After that your plan switches to Basic/);
      await confirm.getByRole('button', { name: 'Yes, Cancel Subscription' }).click();
      await page.getByText('Subscription cancelled successfully. You can continue using premium features until your current billing period ends.').waitFor();
      await subscription.getByText('Cancelled', { exact: true }).waitFor();
      await subscription.getByText('Premium', { exact: true }).waitFor();
      assert.equal(await subscription.getByRole('button', { name: 'Cancel Subscription' }).count(), 0, 'a cancelled subscription is not cancelled twice');
    } finally {
      await context.close();
    }
  });

  it('shows the spec’s message when Basic is refused, and says Failed to fetch invoice for an invoice of someone else', async () => {
    const account = await basicAccount('billing-refused');
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    try {
      // Held but not shown yet: the server refuses what the cards would otherwise offer.
      await page.route('**/api/subscription', (route) => route.fulfill({ status: 404, json: { error: 'No active subscription', code: 'NO_SUBSCRIPTION' } }));
      await page.route('**/api/subscription/create', (route) =>
        route.fulfill({
          status: 409,
          json: {
            error: 'You already have an active premium subscription. You can switch to the free plan after your premium subscription ends or is cancelled.',
            code: 'PREMIUM_ACTIVE',
          },
        }),
      );
      await page.goto(`${stack.url}/profile`);
      await section(page, 'Current Subscription').getByText('No active subscription').waitFor();
      await planCard(page, 'Basic').getByRole('button', { name: 'Start for Free' }).click();
      const refusal = 'You already have an active premium subscription. You can switch to the free plan after your premium subscription ends or is cancelled.';
      await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
      assert.equal(await page.evaluate<string>('document.activeElement.textContent'), refusal, 'the refusal takes the focus');
      assert.equal(page.url(), `${stack.url}/profile`);

      await page.goto(`${stack.url}/invoices/999999`);
      await page.getByText('Failed to fetch invoice').waitFor();
      await page.getByRole('button', { name: 'Go Back' }).click();
      await page.waitForURL(`${stack.url}/profile`);
    } finally {
      await context.close();
    }
  });

  it('takes the chat’s limit dialog to the plan section of the profile', async () => {
    const account = await basicAccount('billing-limit');
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    try {
      // No query left: the chat opens the limit dialog at once.
      await page.route('**/api/chat/queries-left', (route) => route.fulfill({ json: { queriesLeft: 0 } }));
      await page.goto(`${stack.url}/chat`);
      await page.getByRole('dialog', { name: 'Query Limit Reached' }).getByRole('button', { name: 'Upgrade Plan' }).click();
      await page.waitForURL(`${stack.url}/profile#choose-a-plan`);
      await planCard(page, 'Premium').getByRole('button', { name: 'Upgrade Now' }).waitFor();
      // Scrolled to, with the focus on its title.
      await eventually(async () => {
        const box = await page.locator('#choose-a-plan').boundingBox();
        const viewport = page.viewportSize();
        return box && viewport && box.y >= 0 && box.y < viewport.height / 2 ? true : undefined;
      }, 5000);
      assert.equal(await page.evaluate<string>('document.activeElement.textContent'), 'Choose a Plan');
    } finally {
      await context.close();
    }
  });

  it('keeps the billing details of GST invoices: a state and a GSTIN, checked here and by the server', async () => {
    const account = await basicAccount('billing-details');
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    const focusedText = (on: Page) => on.evaluate<string>('document.activeElement.closest("[tabindex]")?.textContent ?? ""');
    try {
      await page.goto(`${stack.url}/profile`);
      const details = section(page, 'Billing Details');
      const gstin = details.getByLabel('GSTIN (optional)');
      const save = details.getByRole('button', { name: 'Save Billing Details' });

      // Not the shape of a GSTIN: said at once, and the field takes the focus.
      await gstin.fill('29abc');
      await save.click();
      await details.getByText('Enter the 15 characters of a GSTIN, like 29ABCDE1234F1Z5').waitFor();
      assert.equal(await page.evaluate<string>('document.activeElement.id'), await gstin.getAttribute('id'));

      // The right shape with a wrong check character: the server says so, and its words take the focus.
      const state = details.getByLabel('State (place of supply)');
      await state.click();
      await state.fill('Karna');
      await page.keyboard.press('Enter');
      await gstin.fill('29ABCDE1234F1ZX');
      await save.click();
      const refusal = details.locator('.ant-alert-error');
      await refusal.waitFor();
      await eventually(async () => ((await focusedText(page)) === (await refusal.textContent()) ? true : undefined), 5000);

      await gstin.fill('29abcde1234f1zw');
      await save.click();
      await details.getByText('Billing details saved').waitFor();
      await page.reload();
      assert.equal(await section(page, 'Billing Details').getByLabel('GSTIN (optional)').inputValue(), '29ABCDE1234F1ZW');
      await section(page, 'Billing Details').getByText('Karnataka').waitFor();
    } finally {
      await context.close();
    }
  });
});
