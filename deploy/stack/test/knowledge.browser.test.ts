// The knowledge base in Chromium against the embedded stack: browsing it page by page, searching,
// filtering by kind, state and cause with the filters kept in the address, an entry's page with its
// sources and the date its facts were checked, one of its questions taken to the chat, and a chat
// answer's source link leading to the entry's page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { chatAllowance } from './support/chat.ts';
import { createAccount, signedInContext, startBrowserStack, type Account } from './support/browser.ts';

interface Entry {
  title: string;
  as_of: string;
  questions: string[];
  sources: { title: string; url: string }[];
}

interface Card {
  title: string;
  kind: string;
  states: string;
}

// Read in one go inside the page, so that one list is read and not parts of two; none while the next loads.
const readCards = `[...document.querySelectorAll('main [aria-busy="false"] li:has(h2)')].map((card) => ({
  title: card.querySelector('h2').textContent,
  kind: card.querySelector('.ant-tag').textContent,
  states: card.querySelector('[aria-label="States"]').parentElement.textContent,
}))`;

/** The results shown, once they are some that `fit`. */
function results(page: Page, fit: (cards: Card[]) => boolean = () => true): Promise<Card[]> {
  return eventually(async () => {
    const cards = await page.evaluate<Card[]>(readCards);
    return cards.length > 0 && fit(cards) ? cards : undefined;
  }, 10_000);
}

/** Chooses `option` in the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

describe('the knowledge base, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;
  let account: Account;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack());
    account = await createAccount(stack, 'knowledge');
  });
  after(async () => {
    await stop();
  });

  it('is in the menu, pages through the entries, searches, and filters by kind, state and cause in the address', async () => {
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/chat`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Knowledge Base' }).click();
      await page.waitForURL(`${stack.url}/knowledge`);
      await page.getByRole('heading', { level: 1, name: 'Knowledge Base' }).waitFor();
      assert.equal(await page.title(), 'Knowledge Base · Better+');

      // Twenty a page, with the count of all.
      await page
        .getByRole('status')
        .getByText(/^1–20 of \d+ entries$/)
        .waitFor();
      assert.equal((await results(page)).length, 20);
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
      await page.waitForURL(/\/knowledge\?page=2$/);
      await page
        .getByRole('status')
        .getByText(/^21–\d+ of \d+ entries$/)
        .waitFor();
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByText(/^Page 2 of \d+$/)
        .waitFor();

      // Words: the entry that holds them comes first.
      await page.getByLabel('Search', { exact: true }).fill('Goonj');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/\/knowledge\?query=Goonj$/);
      await results(page, ([first]) => first?.title === 'Goonj');

      // A kind: every result is of it, and the words typed go along.
      await page.getByLabel('Search', { exact: true }).fill('');
      await choose(page, 'Kind', 'Scheme');
      await page.waitForURL(/\/knowledge\?kind=scheme$/);
      await results(page, (cards) => cards.every(({ kind }) => kind === 'Scheme'));

      // A state, then another kind: both in the address, every result in that state.
      await choose(page, 'Kind', 'All kinds');
      await page.waitForURL(`${stack.url}/knowledge`);
      const state = page.getByLabel('State', { exact: true });
      await state.click();
      await state.fill('Lakshad');
      // Enter takes the option the typing has made active, once the list shows it.
      await page.locator('.ant-select-item-option-active[title="Lakshadweep"]').waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/knowledge\?state=Lakshadweep$/);
      const inLakshadweep = (cards: Card[]) => cards.some(({ title }) => title === 'Pole-and-line tuna fishing in Lakshadweep');
      let shown = await results(page, inLakshadweep);
      assert.ok(
        shown.every(({ states }) => states.includes('Lakshadweep')),
        JSON.stringify(shown),
      );

      // The filtered view survives a reload.
      await page.reload();
      shown = await results(page, inLakshadweep);
      assert.ok(
        shown.every(({ states }) => states.includes('Lakshadweep')),
        JSON.stringify(shown),
      );
      await page.getByRole('search').getByText('Lakshadweep', { exact: true }).waitFor();

      // A shared address with a cause: the select names it in words.
      await page.goto(`${stack.url}/knowledge?cause=women-and-gender`);
      await page.getByRole('search').getByText('Women and gender', { exact: true }).waitFor();
      await results(page);

      // Nothing matches: said so, with a way back to everything.
      await page.goto(`${stack.url}/knowledge?query=zzqqxxnothing`);
      await page.getByRole('heading', { name: 'No entries match' }).waitFor();
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL(`${stack.url}/knowledge`);

      // A filter the server does not know: a message, not a blank page.
      await page.goto(`${stack.url}/knowledge?kind=nonsense`);
      await page.getByText('This address filters by something the knowledge base does not know.', { exact: false }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens an entry with its tags, sources and as-of date, and takes one of its questions to the chat', async () => {
    const response = await fetch(`${stack.url}/api/chat/knowledge/goonj`, { headers: { authorization: `Bearer ${account.token}` } });
    assert.equal(response.status, 200);
    const goonj = (await response.json()) as Entry;
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/knowledge?query=Goonj`);
      await page.getByRole('main').getByRole('link', { name: 'Goonj', exact: true }).click();
      await page.waitForURL(`${stack.url}/knowledge/goonj`);
      await page.getByRole('heading', { level: 1, name: 'Goonj' }).waitFor();
      assert.equal(await page.title(), 'Goonj · Better+');
      await page.getByText('Organisation', { exact: true }).waitFor();

      // States and causes lead to the list filtered by them.
      assert.equal(await page.getByRole('list', { name: 'States' }).getByRole('link', { name: 'Delhi' }).getAttribute('href'), '/knowledge?state=Delhi');
      assert.equal(
        await page.getByRole('list', { name: 'Causes' }).getByRole('link', { name: 'Rural development' }).getAttribute('href'),
        '/knowledge?cause=rural-development',
      );

      // Sources open in a new tab, https only.
      const sources = page.getByRole('region', { name: 'Sources' }).getByRole('link');
      assert.equal(await sources.count(), goonj.sources.length);
      for (const [index, source] of goonj.sources.entries()) {
        const link = sources.nth(index);
        assert.equal(await link.innerText(), source.title);
        assert.deepEqual(
          [await link.getAttribute('href'), await link.getAttribute('target'), await link.getAttribute('rel')],
          [source.url, '_blank', 'noopener noreferrer'],
        );
        assert.match(source.url, /^https:\/\//);
      }
      const asOf = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(goonj.as_of));
      await page.getByText(`Facts checked as of ${asOf}`).waitFor();

      // A question goes to the chat's input, as a landing sample question does.
      const [question = ''] = goonj.questions;
      await page.getByRole('region', { name: 'Questions this answers' }).getByRole('button', { name: question }).click();
      await page.waitForURL(`${stack.url}/chat`);
      await eventually(async () => ((await page.getByLabel('Your question').inputValue()) === question ? true : undefined), 10_000);

      // An entry that is not there.
      await page.goto(`${stack.url}/knowledge/no-such-entry`);
      await page.getByRole('heading', { level: 1, name: 'Entry not found' }).waitFor();
      assert.equal(await page.title(), 'Entry not found · Better+');
      await page.getByRole('link', { name: 'Browse the Knowledge Base' }).click();
      await page.waitForURL(`${stack.url}/knowledge`);
    } finally {
      await context.close();
    }
  });

  it("opens the entry's page, in a new tab, from a chat answer's source link", async () => {
    await chatAllowance(stack.url, account.token);
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/chat`);
      await page.getByLabel('Your question').fill('Who founded Goonj and what is Cloth for Work?');
      await page.getByRole('button', { name: 'Send' }).click();
      const link = page.getByRole('list', { name: 'Sources' }).getByRole('link', { name: 'Goonj' });
      await link.waitFor();
      // The one Basic query is used: the limit dialog comes up first.
      await page.getByRole('dialog', { name: 'Query Limit Reached' }).getByRole('button', { name: 'Maybe Later' }).click();
      assert.deepEqual(
        [await link.getAttribute('href'), await link.getAttribute('target'), await link.getAttribute('rel')],
        ['/knowledge/goonj', '_blank', 'noopener noreferrer'],
      );
      const [entryTab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await entryTab.getByRole('heading', { level: 1, name: 'Goonj' }).waitFor();
      assert.equal(entryTab.url(), `${stack.url}/knowledge/goonj`);
      assert.equal(page.url(), `${stack.url}/chat`, 'the chat stays');
    } finally {
      await context.close();
    }
  });
});
