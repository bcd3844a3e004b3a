import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { startBrowserStack } from './support/browser.ts';

describe('the web app through the gateway, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack());
  });
  after(async () => {
    await stop();
  });

  it('loads the landing page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(stack.url);
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { name: 'Your knowledge assistant for all things impact' }).waitFor();
    await page.getByRole('link', { name: 'Better+' }).first().waitFor();
    await page.close();
  });

  it('sends a signed-out visitor of /chat to /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/chat`);
    await page.waitForURL(`${stack.url}/login`);
    assert.equal(new URL(page.url()).pathname, '/login');
    await page.close();
  });
});
