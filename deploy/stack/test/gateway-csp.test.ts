// The gateway's Content-Security-Policy against the real bundle: the app must work under it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CONTENT_SECURITY_POLICY } from '@betterplus/gateway';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { startThrowawayStack } from './support/throwaway-stack.ts';

const webRoot = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
const chromiumPath = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

// Runs in the page before the app; kept as text since this package has no DOM types.
const RECORD_VIOLATIONS = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`;

describe('the web app under the gateway Content-Security-Policy, in Chromium', () => {
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

  for (const [path, heading] of [
    ['/', 'Your knowledge assistant for all things impact'],
    ['/login', undefined],
  ] as const) {
    it(`${path} renders with no policy violation`, async () => {
      const page = await browser.newPage();
      const console: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
      });
      await page.addInitScript({ content: RECORD_VIOLATIONS });
      const response = await page.goto(stack.url + path);
      assert.equal(response?.status(), 200);
      assert.equal(response.headers()['content-security-policy'], CONTENT_SECURITY_POLICY);
      if (heading) await page.getByRole('heading', { name: heading }).waitFor();
      else await page.getByRole('button', { name: /sign in/i }).first().waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await page.evaluate<string[]>('window.cspViolations'), []);
      assert.deepEqual(console.filter((text) => /Content Security Policy/i.test(text)), []);
      await page.close();
    });
  }
});
