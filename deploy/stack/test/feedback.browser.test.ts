// Marks of answers in Chromium against the embedded stack: a user marks an answer not helpful
// with a reason (the thumb shown pressed, and still after a reload), and the admin panel's
// questions report then lists it under Not Helpful Answers with the reason and the entry cited.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { eventually } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { createAccount, seriousViolations, signedInContext, startBrowserStack } from './support/browser.ts';
import { chatAllowance } from './support/chat.ts';

const admin = { username: 'curator', password: 'Vikara-panel-test-Passw0rd!' };
const basicAuth = `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`;
const QUESTION = 'Who founded Goonj and what is Cloth for Work?';
const REASON = 'It does not say when Goonj was founded.';

interface NotHelpful {
  notHelpfulAnswers: { question: string; count: number; reasons: string[]; sources: string[] }[];
}

describe('marks of answers, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack({ ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password }));
  });
  after(async () => {
    await stop();
  });

  it('marks an answer not helpful with a reason, keeps the mark across a reload, and shows it to the curators', { timeout: 180_000 }, async () => {
    const account = await createAccount(stack, 'feedback');
    await chatAllowance(stack.url, account.token, (left) => left === 1);
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/chat`);
      await page.getByText('Queries left: 1').waitFor();
      await page.getByLabel('Your question').fill(QUESTION);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('list', { name: 'Sources' }).waitFor();
      // Basic's one query is used: the limit dialog is set aside.
      await page.getByRole('dialog', { name: 'Query Limit Reached' }).getByRole('button', { name: 'Maybe Later' }).click();

      const marks = page.getByRole('group', { name: 'Was this answer helpful?' });
      const helpful = marks.getByRole('button', { name: 'Helpful', exact: true });
      const notHelpful = marks.getByRole('button', { name: 'Not helpful' });
      assert.deepEqual([await helpful.getAttribute('aria-pressed'), await notHelpful.getAttribute('aria-pressed')], ['false', 'false']);
      await notHelpful.click();
      const why = page.getByRole('form', { name: 'Why this answer was not helpful' });
      await why.getByLabel('Why was this answer not helpful? (optional)').fill(REASON);
      await why.getByRole('button', { name: 'Send' }).click();
      await why.waitFor({ state: 'hidden' });
      await page.getByText('Thanks for your feedback').waitFor();
      assert.deepEqual([await helpful.getAttribute('aria-pressed'), await notHelpful.getAttribute('aria-pressed')], ['false', 'true']);
      assert.deepEqual(await seriousViolations(page), [], 'axe on the chat with a marked answer');

      await page.reload();
      await page.getByRole('dialog', { name: 'Query Limit Reached' }).getByRole('button', { name: 'Maybe Later' }).click();
      await page.getByText(QUESTION).waitFor();
      assert.deepEqual([await helpful.getAttribute('aria-pressed'), await notHelpful.getAttribute('aria-pressed')], ['false', 'true'], 'the mark is kept');
    } finally {
      await context.close();
    }

    // The mark reaches admin-reporting through chat's event.
    await eventually(
      async () => {
        const response = await fetch(`${stack.url}/api/admin/analytics?range=7d`, { headers: { authorization: basicAuth } });
        const { notHelpfulAnswers } = (await response.json()) as NotHelpful;
        return notHelpfulAnswers.some((answer) => answer.question === QUESTION) ? true : undefined;
      },
      30_000,
      250,
    );

    const panel = await browser.newContext();
    const adminPage = await panel.newPage();
    try {
      await adminPage.goto(`${stack.url}/vikarapanel`);
      await adminPage.getByLabel('Username').fill(admin.username);
      await adminPage.getByLabel('Password').fill(admin.password);
      await adminPage.getByRole('button', { name: 'Sign in', exact: true }).click();
      await adminPage.waitForURL(`${stack.url}/vikarapanel/dashboard`);
      await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
      await adminPage.waitForURL(`${stack.url}/vikarapanel/analytics`);
      const questions = adminPage.getByRole('region', { name: 'Questions' });
      const notHelpfulCard = questions.locator('.ant-card').filter({ has: adminPage.getByRole('heading', { name: 'Not Helpful Answers', level: 3 }) });
      const row = notHelpfulCard.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: QUESTION });
      await row.waitFor();
      const cells = (await row.locator('td').allTextContents()).map((text) => text.trim());
      assert.deepEqual(cells.slice(1, 3), ['1', REASON], 'counted once, with its reason');
      const source = row.getByRole('link', { name: 'goonj' });
      assert.equal(await source.getAttribute('href'), '/knowledge/goonj');
      assert.deepEqual(await seriousViolations(adminPage), [], 'axe on the questions report');
    } finally {
      await panel.close();
    }
  });
});
