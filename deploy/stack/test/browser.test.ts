import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { startThrowawayStack } from './support/throwaway-stack.ts';

const webRoot = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
const chromiumPath = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
// The machine reaches no browser download, and Chromium's background services must stay quiet.
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

describe('the web app through the gateway, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;

  before(async () => {
    assert.ok(existsSync(join(webRoot, 'index.html')), 'the web bundle is built (npm run build -w web)');
    assert.ok(existsSync(chromiumPath), `Chromium is installed at ${chromiumPath} (apt-get install chromium)`);
    stack = await startThrowawayStack(webRoot);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });
  after(async () => {
    await browser.close();
    await stack.stop();
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
