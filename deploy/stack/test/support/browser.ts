// What the browser tests share: Chromium from the machine, the web bundle, the embedded stack's
// local mailbox, and accounts made over HTTP for tests that start signed in.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import type { StoredMail } from '@betterplus/kit';
import { eventually } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../../src/embedded-stack.ts';
import { signUpWithCode } from './signup.ts';
import { startThrowawayStack } from './throwaway-stack.ts';

export const webRoot = fileURLToPath(new URL('../../../../web/dist/', import.meta.url));
const chromiumPath = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
// The machine reaches no browser download, and Chromium's background services must stay quiet.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A throw-away embedded stack serving the built web app, with `env` added to its settings (ADMIN_USERNAME...), and Chromium. */
export async function startBrowserStack(env: Record<string, string> = {}): Promise<{ stack: EmbeddedStack; browser: Browser; stop: () => Promise<void> }> {
  assert.ok(existsSync(join(webRoot, 'index.html')), 'the web bundle is built (npm run build -w web)');
  assert.ok(existsSync(chromiumPath), `Chromium is installed at ${chromiumPath} (apt-get install chromium)`);
  const stack = await startThrowawayStack(webRoot, env);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  browser.on('context', reportTrouble);
  return {
    stack,
    browser,
    async stop() {
      await browser.close();
      await stack.stop();
    },
  };
}

/** A request still unanswered this long is reported (a page waiting on it shows nothing new). */
const SLOW_REQUEST_MS = 5000;

/**
 * Prints, as it happens, what a failed browser test needs explained and a timeout does not say:
 * an error thrown or logged in the page, a request that never got an answer or is slow to get
 * one, a 5xx, and a 401 (on which the app signs out and leaves the page).
 */
function reportTrouble(context: BrowserContext): void {
  const report = (line: string) => {
    console.log(`[browser] ${line}`);
  };
  context.on('weberror', (error) => {
    report(`page error at ${error.page()?.url() ?? '?'}: ${String(error.error())}`);
  });
  context.on('console', (message) => {
    // Chromium logs every 4xx and 5xx this way; the 5xx and 401 among them are reported below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      report(`console error at ${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
  const pending = new Map<Request, NodeJS.Timeout>();
  const settled = (request: Request) => {
    clearTimeout(pending.get(request));
    pending.delete(request);
  };
  context.on('request', (request) => {
    const timer = setTimeout(() => {
      // A closed page's requests in flight end with no event: the test was done with them. (A
      // service worker's request has no frame; the app registers none.)
      if (request.serviceWorker() === null && !request.frame().page().isClosed())
        report(`${request.method()} ${request.url()} unanswered after ${String(SLOW_REQUEST_MS)} ms`);
    }, SLOW_REQUEST_MS);
    timer.unref();
    pending.set(request, timer);
  });
  context.on('requestfinished', settled);
  context.on('requestfailed', (request) => {
    settled(request);
    const reason = request.failure()?.errorText ?? '';
    // Aborted: a navigation or a closed page cancelled it, as the test meant.
    if (reason !== 'net::ERR_ABORTED') report(`${request.method()} ${request.url()} failed: ${reason}`);
  });
  context.on('close', () => {
    for (const request of pending.keys()) settled(request);
  });
  context.on('response', (response) => {
    const status = response.status();
    if (status >= 500 || status === 401) report(`${response.request().method()} ${response.url()} answered ${String(status)}`);
  });
}

export async function readMailbox(stack: EmbeddedStack): Promise<StoredMail[]> {
  const response = await fetch(`${stack.url}/dev/mailbox.json`);
  return (await response.json()) as StoredMail[];
}

/** Every 6-digit code mailed to `to`, newest first. */
export async function mailedCodes(stack: EmbeddedStack, to: string): Promise<string[]> {
  const mails = await readMailbox(stack);
  return mails.filter((mail) => mail.to.includes(to)).flatMap((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? []);
}

/** Waits for the newest mail to `to` that matches `pattern` and returns the match. */
export function mailMatch(stack: EmbeddedStack, to: string, pattern: RegExp): Promise<RegExpExecArray> {
  return eventually(async () => {
    for (const mail of await readMailbox(stack)) {
      const match = mail.to.includes(to) ? pattern.exec(mail.text) : null;
      if (match) return match;
    }
    return undefined;
  });
}

export interface Account {
  name: string;
  email: string;
  password: string;
  token: string;
}

/** A new account, signed up over HTTP through the mailed code. */
export async function createAccount(stack: EmbeddedStack, label: string): Promise<Account> {
  const user = { name: 'Ada Lovelace', email: `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'first-Passw0rd' };
  const token = await signUpWithCode(stack.url, user, () => readMailbox(stack));
  return { ...user, token };
}

/** A browser context whose pages start signed in as `account` (the token the web app keeps in localStorage). */
export async function signedInContext(browser: Browser, account: Account, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript({
    content: `if (location.protocol !== 'about:' && localStorage.getItem('token') === null) localStorage.setItem('token', ${JSON.stringify(account.token)});`,
  });
  return context;
}

/** The little of the DOM that seriousViolations reads in the page (this project compiles without the DOM library). */
interface WindowWithAnimations {
  document: { getAnimations(): { playState: string; effect: { getComputedTiming(): { endTime?: number } } | null }[] };
}

/** axe-core's violations of impact serious or critical on `page`, one line each with where they are. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Colours read mid-transition (a hover or a sorted column fading in) are neither state's: axe
  // judges the page once every finite animation and transition has ended.
  await page.waitForFunction(() =>
    (globalThis as unknown as WindowWithAnimations).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, impact, help, nodes }) => `${impact ?? ''} ${id}: ${help} at ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
