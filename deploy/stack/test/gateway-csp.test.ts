// The gateway's Content-Security-Policy against the real bundle: the app must work under it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { CONTENT_SECURITY_POLICY } from '@betterplus/gateway';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { startBrowserStack } from './support/browser.ts';

// Runs in the page before the app; kept as text since this package has no DOM types.
const RECORD_VIOLATIONS = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`;

describe('the web app under the gateway Content-Security-Policy, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack());
  });
  after(async () => {
    await stop();
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
      else
        await page
          .getByRole('button', { name: /sign in/i })
          .first()
          .waitFor();
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await page.evaluate<string[]>('window.cspViolations'), []);
      assert.deepEqual(
        console.filter((text) => /Content Security Policy/i.test(text)),
        [],
      );
      await page.close();
    });
  }
});
