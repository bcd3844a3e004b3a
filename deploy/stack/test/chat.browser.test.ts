// The chat page in Chromium against the embedded stack: a new account's one Basic query asked and
// answered (typed out, with its sources), the limit dialog when none is left and on a refused
// send, the history kept across a reload, and clearing it; a question it cannot answer, with the
// questions it can offered and one asked from them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { eventually } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { chatAllowance } from './support/chat.ts';
import { createAccount, mailMatch, signedInContext, startBrowserStack } from './support/browser.ts';

describe('the chat page, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack());
  });
  after(async () => {
    await stop();
  });

  /** A new account's chat page, signed in, once its one Basic query is shown; the caller closes the context. */
  async function newChatPage(name: string) {
    const account = await createAccount(stack, name);
    // billing grants Basic, and chat learns it from billing's event.
    await chatAllowance(stack.url, account.token);
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    await page.goto(`${stack.url}/chat`);
    await page.getByText('Queries left: 1').waitFor();
    return { context, page };
  }

  it('asks, types the answer out with its sources, meets the limit, keeps the history and clears it', async () => {
    const { context, page } = await newChatPage('chat');
    try {
      await page.getByText('No messages yet').waitFor();
      await page.getByText('Start by asking a question!').waitFor();

      const input = page.getByLabel('Your question');
      await input.fill('   ');
      assert.equal(await page.getByRole('button', { name: 'Send' }).isDisabled(), true, 'a blank question is not sent');
      await input.fill('Who founded Goonj and what is Cloth for Work?');
      await page.getByRole('button', { name: 'Send' }).click();
      // While the answer is on its way and typed out, the input waits.
      assert.equal(await input.getAttribute('placeholder'), 'Hold on… Answer coming up!');
      assert.equal(await input.isDisabled(), true);
      const sources = page.getByRole('list', { name: 'Sources' });
      await sources.waitFor();
      assert.equal(await input.isDisabled(), false, 'the input is back once the answer is typed out');
      assert.equal(await input.getAttribute('placeholder'), 'Type your question here');
      const link = sources.getByRole('link', { name: 'Goonj' });
      // The entry's page in the app, in a new tab so that the chat stays.
      assert.deepEqual(
        [await link.getAttribute('href'), await link.getAttribute('target'), await link.getAttribute('rel')],
        ['/knowledge/goonj', '_blank', 'noopener noreferrer'],
      );
      assert.match(await page.locator('strong', { hasText: 'Goonj' }).first().innerText(), /Goonj/, 'names in bold');

      // The one Basic query is used: the limit dialog opens, and a refused send opens it again.
      const limit = page.getByRole('dialog', { name: 'Query Limit Reached' });
      await limit.waitFor();
      await limit.getByRole('button', { name: 'Maybe Later' }).click();
      await limit.waitFor({ state: 'hidden' });
      await page.getByText('Queries left: 0').waitFor();
      await input.fill('What is MGNREGA?');
      await page.getByRole('button', { name: 'Send' }).click();
      await limit.waitFor();
      assert.equal(await page.getByText('What is MGNREGA?').count(), 0, 'the refused question leaves the list');
      await limit.getByRole('button', { name: 'Upgrade Plan' }).click();
      // Once in CI (ec19bdd) the plan section was not reached in 30 s: say where the page was.
      await page.waitForURL(/\/profile#choose-a-plan$/).catch(async (error: unknown) => {
        const dialog = (await limit.isVisible()) ? 'still open' : 'closed';
        throw new Error(`the plan section not reached: at ${page.url()}, the limit dialog ${dialog}`, { cause: error });
      });

      // The history is kept: back on /chat after a reload, under its day heading.
      await page.goto(`${stack.url}/chat`);
      await page.getByRole('dialog', { name: 'Query Limit Reached' }).getByRole('button', { name: 'Maybe Later' }).click();
      await page.getByText('Who founded Goonj and what is Cloth for Work?').waitFor();
      const day = new Intl.DateTimeFormat('en-IN', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
        new Date(),
      );
      await page.getByRole('heading', { name: day }).waitFor();

      await page.getByRole('button', { name: 'Clear Chat' }).click();
      const clear = page.getByRole('dialog', { name: 'Clear Chat History' });
      await clear.getByText('Are you sure you want to clear your entire chat history? This action cannot be undone.').waitFor();
      await clear.getByRole('button', { name: 'Yes, Clear History' }).click();
      await page.getByText('No messages yet').waitFor();
      await page.reload();
      await page.getByRole('dialog', { name: 'Query Limit Reached' }).getByRole('button', { name: 'Maybe Later' }).click();
      await page.getByText('No messages yet').waitFor();
    } finally {
      await context.close();
    }
  });

  it('offers, with a question it cannot answer, the nearest questions it can, one click away from the input', async () => {
    const { context, page } = await newChatPage('near-miss');
    try {
      await page.getByLabel('Your question').fill('how do villages in maharashtra plan water use together');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText("That isn't in our archive yet.", { exact: false }).waitFor();
      const offered = page.getByLabel('Follow-up questions').getByRole('button');
      await offered.first().waitFor();
      assert.ok((await offered.count()) >= 2, 'more than one question is offered');
      await page.getByText('Queries left: 1').waitFor();
      // A click puts the offered question in the input, as a sample question does; Send asks it.
      const question = await offered.first().innerText();
      await offered.first().click();
      assert.equal(await page.getByLabel('Your question').inputValue(), question);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('list', { name: 'Sources' }).waitFor();
      await page.getByText('Queries left: 0').waitFor();
    } finally {
      await context.close();
    }
  });

  it('fills the input from a sample question, scrolls the strip 200 px per click, and shows the suggestions', async () => {
    const account = await createAccount(stack, 'chat-samples');
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/chat`);
      const strip = page.getByTestId('sample-strip');
      await strip.waitFor();
      await page.getByRole('button', { name: 'Scroll sample questions right' }).click();
      await eventually(
        async () => ((await page.evaluate<number>("document.querySelector('[data-testid=sample-strip]').scrollLeft")) === 200 ? true : undefined),
        5000,
      );
      await strip.getByRole('button', { name: 'How do I file an RTI application?' }).click();
      assert.equal(await page.getByLabel('Your question').inputValue(), 'How do I file an RTI application?');
      assert.equal(await page.getByRole('region', { name: 'Suggested questions' }).getByText('Try asking').count(), 4);
    } finally {
      await context.close();
    }
  });

  it("shows a new account's allowance once its plan has reached chat, without a reload", async () => {
    const account = await createAccount(stack, 'chat-plan');
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    try {
      // The page's first ask meets chat before billing's event has (chat's own answer then).
      let asked = 0;
      await page.route('**/api/chat/queries-left', async (route) => {
        asked += 1;
        await (asked === 1
          ? route.fulfill({ status: 409, json: { error: 'Your plan is still being set up. Please try again in a moment.', code: 'PLAN_PENDING' } })
          : route.fallback());
      });
      await page.goto(`${stack.url}/chat`);
      await page.getByText('Queries left: 1').waitFor();
      assert.equal(asked, 2);
    } finally {
      await context.close();
    }
  });

  it('takes a landing sample question through sign-up into the chat input', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      const question = 'How do I file an RTI application?';
      await page.goto(stack.url);
      await page.getByRole('button', { name: question }).first().click();
      await page.waitForURL(`${stack.url}/signup`);
      const email = `landing.${String(Date.now())}@example.com`;
      await page.getByLabel('Full Name').fill('Meera Nair');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('first-Passw0rd');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('OTP sent to your email address').waitFor();
      const [, otp = ''] = await mailMatch(stack, email, /\b(\d{6})\b/);
      await page.getByPlaceholder('000000').fill(otp);
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await page.waitForURL(`${stack.url}/chat`);
      await eventually(async () => ((await page.getByLabel('Your question').inputValue()) === question ? true : undefined), 10_000);
      assert.equal(await page.evaluate<string | null>("sessionStorage.getItem('pendingChatQuestion')"), null, 'taken once');
    } finally {
      await context.close();
    }
  });
});
