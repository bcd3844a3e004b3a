// The landing page and the about, terms and privacy pages in Chromium against the embedded stack:
// the hero and its ten sample questions, the strip's 200 px steps, where a chosen question leads
// signed out and signed in (and pendingChatQuestion with it), the How it Works video, the feature cards, the typed
// phrases, the rotating question, the two plans and their buttons (sign-in signed out, the plan held
// and the lazily loaded checkout signed in), a phone's width, and the headings and promises of the
// information pages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { createAccount, signedInContext, startBrowserStack, type Account } from './support/browser.ts';

const title = 'Your knowledge assistant for all things impact';

/** The strip's questions, in order; each is one the knowledge base answers. */
const sampleQuestions = [
  'How does Goonj turn old clothes into rural development?',
  'What is the Jaipur Foot and why does it suit Indian conditions?',
  'How do I get an MGNREGA job card and ask for work?',
  'How do I file an RTI application?',
  "How do ice stupas give Ladakh's farmers water in spring?",
  'How do I register an NGO in India?',
  'How does a self-help group get a loan?',
  'How can an NGO receive CSR funds?',
  'Who is the Waterman of India?',
  'How did Hiware Bazar overcome drought?',
];

const features = [
  'Knowledge Hub',
  'Business Startup Resources',
  'Search by Problem or Need',
  'Find Changemakers',
  'Localized Impact',
  'Intelligent Recommendations',
];
const phrases = ['aspiring entrepreneur', 'student', 'young professional', 'researcher', 'policy maker', 'social impact enthusiast'];

// Code run in the page is written as strings: this package is type-checked without the DOM library.
/** Records every sessionStorage write, so a write is seen even after the chat page has read and removed it. */
const recordSessionWrites = `
  window.sessionWrites = [];
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.sessionStorage) window.sessionWrites.push([key, String(value)]);
    return setItem.call(this, key, value);
  };`;
const sessionWrites = (page: Page) => page.evaluate<[string, string][]>('window.sessionWrites');
const pendingQuestion = (page: Page) => page.evaluate<string | null>(`sessionStorage.getItem('pendingChatQuestion')`);
const stripScroll = (page: Page) => page.evaluate<number>(`document.getElementById('landing-strip-list').scrollLeft`);

describe('the landing page and the information pages, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;
  let account: Account;
  let user: BrowserContext;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack());
    account = await createAccount(stack, 'landing');
    user = await signedInContext(browser, account);
  });
  after(async () => {
    await stop();
  });

  /** Opens / on `page`, recording its sessionStorage writes. */
  async function openLanding(page: Page): Promise<Page> {
    await page.addInitScript({ content: recordSessionWrites });
    await page.goto(stack.url);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    return page;
  }

  const strip = (page: Page) => page.getByRole('list', { name: 'Or start with one of these:' });

  it('shows the hero, its question box and the ten sample questions', async () => {
    const page = await openLanding(await browser.newPage());
    const box = page.getByRole('link', { name: 'Ask anything about social impact in India…' });
    assert.equal(await box.getAttribute('href'), '/signup', 'the question box leads signed-out visitors to sign-up');
    const questions = await strip(page).getByRole('button').allTextContents();
    assert.deepEqual(questions, sampleQuestions);
    await box.click();
    await page.waitForURL(`${stack.url}/signup`);
    await page.close();
  });

  it('scrolls the strip 200 px per click of its arrows', async () => {
    const page = await openLanding(await browser.newPage());
    assert.equal(await stripScroll(page), 0);
    const next = page.getByRole('button', { name: 'Next questions' });
    await next.click();
    await eventually(async () => ((await stripScroll(page)) === 200 ? true : undefined), 5000);
    await next.click();
    await eventually(async () => ((await stripScroll(page)) === 400 ? true : undefined), 5000);
    await page.getByRole('button', { name: 'Previous questions' }).click();
    await eventually(async () => ((await stripScroll(page)) === 200 ? true : undefined), 5000);
    await page.close();
  });

  it('signed out, keeps a chosen question as pendingChatQuestion and goes to sign-up', async () => {
    const page = await openLanding(await browser.newPage());
    const question = sampleQuestions[3] ?? '';
    await strip(page).getByRole('button', { name: question }).click();
    await page.waitForURL(`${stack.url}/signup`);
    await page.getByRole('heading', { name: 'Create your account', level: 1 }).waitFor();
    assert.equal(await pendingQuestion(page), question);
    await page.close();
  });

  it('signed in, keeps a chosen question as pendingChatQuestion and goes to the chat', async () => {
    const page = await openLanding(await user.newPage());
    const question = sampleQuestions[4] ?? '';
    await strip(page).getByRole('button', { name: question }).click();
    await page.waitForURL(`${stack.url}/chat`);
    // The chat may already have taken the question into its input and removed it: the write is what counts.
    const written = (await sessionWrites(page)).filter(([key]) => key === 'pendingChatQuestion').map(([, value]) => value);
    assert.deepEqual(written, [question]);
    await page.close();
  });

  it('leads See Better+ in Action and the question box to sign-up signed out, to the chat signed in', async () => {
    const guest = await openLanding(await browser.newPage());
    await guest.getByRole('link', { name: 'See Better+ in Action' }).click();
    await guest.waitForURL(`${stack.url}/signup`);
    await guest.close();

    const page = await openLanding(await user.newPage());
    assert.equal(await page.getByRole('link', { name: 'Ask anything about social impact in India…' }).getAttribute('href'), '/chat');
    await page.getByRole('link', { name: 'See Better+ in Action' }).click();
    await page.waitForURL(`${stack.url}/chat`);
    await page.close();
  });

  it('plays the How it Works video, recorded from the product, with captions, loading nothing of it before', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.webm')) videoRequests.push(request.url());
    });
    await openLanding(page);
    const video = page.locator('.landing-video video');
    await video.scrollIntoViewIfNeeded();
    assert.deepEqual(videoRequests, [], 'preload none: the video loads only when played');
    assert.match((await video.getAttribute('poster')) ?? '', /\.webp$/);
    const captions = await page.evaluate<{ kind: string; cues: string[] }>(`(async () => {
      const track = document.querySelector('.landing-video track');
      await new Promise((resolve, reject) => {
        if (track.readyState === 2) resolve();
        track.addEventListener('load', resolve);
        track.addEventListener('error', () => reject(new Error('the captions did not load')));
      });
      return { kind: track.kind, cues: [...track.track.cues].map((cue) => cue.text) };
    })()`);
    assert.equal(captions.kind, 'captions');
    assert.ok(captions.cues.length >= 4 && captions.cues.some((cue) => cue.includes('sources')), captions.cues.join(' | '));
    await page.evaluate(`document.querySelector('.landing-video video').play()`);
    await eventually(
      async () => ((await page.evaluate<number>(`document.querySelector('.landing-video video').currentTime`)) > 0.5 ? true : undefined),
      10_000,
    );
    const { duration, width } = await page.evaluate<{ duration: number; width: number }>(
      `({ duration: document.querySelector('.landing-video video').duration, width: document.querySelector('.landing-video video').videoWidth })`,
    );
    assert.ok(duration > 10 && duration < 60, `a short video: ${String(duration)} s`);
    assert.equal(width, 960);
    await page.close();
  });

  it('shows the six feature cards', async () => {
    const page = await openLanding(await browser.newPage());
    const titles = await page.getByRole('heading', { level: 3 }).allTextContents();
    for (const feature of features) assert.ok(titles.includes(feature), `${feature} is a card (cards: ${titles.join(', ')})`);
    await page.close();
  });

  it('types the audiences one after another, and lists them all when motion is reduced', async () => {
    const page = await openLanding(await browser.newPage());
    const typed = page.getByTestId('typed-phrase');
    // Typing 50 ms a character, a 2 s pause, deleting 30 ms a character: two phrases within ~4 s.
    for (const phrase of phrases.slice(0, 2)) {
      await eventually(async () => ((await typed.textContent()) === phrase ? true : undefined), 8000);
    }
    await page.getByRole('button', { name: 'Pause phrases' }).click();
    assert.deepEqual(await page.getByTestId('phrase-list').getByRole('listitem').allTextContents(), phrases);
    await page.close();

    const still = await openLanding(await browser.newPage({ reducedMotion: 'reduce' }));
    assert.deepEqual(await still.getByTestId('phrase-list').getByRole('listitem').allTextContents(), phrases);
    assert.equal(await still.getByTestId('typed-phrase').count(), 0, 'nothing is typed with reduced motion');
    await still.close();
  });

  it('rotates the sample question card, and Start Here asks the question shown', async () => {
    const page = await openLanding(await browser.newPage());
    const card = page.getByTestId('rotating-question');
    const first = (await card.textContent()) ?? '';
    await eventually(async () => ((await card.textContent()) !== first ? true : undefined), 5000);
    const shown = (await card.textContent()) ?? '';
    // The card holds still while the pointer is on it, so the question read is the one asked.
    await page.getByRole('button', { name: 'Not Sure What to Ask? Start Here' }).click();
    await page.waitForURL(`${stack.url}/signup`);
    assert.equal(await pendingQuestion(page), shown);
    await page.close();
  });

  it('shows the two plans with the texts of the spec, and leads them to sign-in signed out', async () => {
    const page = await openLanding(await browser.newPage());
    const plans = page.getByRole('region', { name: 'Choose your plan' });
    const basic = plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Basic', level: 3 }) });
    const premium = plans.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Premium', level: 3 }) });
    const basicText = (await basic.textContent()) ?? '';
    const premiumText = (await premium.textContent()) ?? '';
    for (const text of ['₹0', 'per month', '1 query per month']) assert.ok(basicText.includes(text), `Basic shows ${text} (${basicText})`);
    for (const text of ['₹2,499', 'per month', '50 queries per month', 'Cancel anytime', 'Most Popular'])
      assert.ok(premiumText.includes(text), `Premium shows ${text} (${premiumText})`);
    assert.ok(!basicText.includes('Most Popular'));
    // Spec section 4: choosing a plan signed out leads to /login; after signing in, Upgrade Now comes back to the plans.
    assert.equal(await basic.getByRole('link', { name: 'Start for Free' }).getAttribute('href'), '/login');
    assert.equal(await premium.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href'), '/login');
    await premium.getByRole('link', { name: 'Upgrade Now' }).click();
    await page.waitForURL(`${stack.url}/login`);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${stack.url}/profile#choose-a-plan`);
    await page.locator('#choose-a-plan').getByRole('button', { name: 'Upgrade Now' }).waitFor();
    await page.close();
  });

  it('signed in, shows the plan held, and Upgrade Now opens the checkout, whose code loads only then', async () => {
    // billing grants Basic on sign-up, through identity's event.
    await eventually(async () =>
      (await fetch(`${stack.url}/api/subscription`, { headers: { authorization: `Bearer ${account.token}` } })).ok ? true : undefined,
    );
    const page = await user.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // The checkout itself is billing's and the subscription test's; here the sandbox's answer is given.
    await page.route('**/api/subscription/create', (route) => route.fulfill({ json: { id: 'sub_landing', keyId: 'rzp_test_landing', testMode: true } }));
    await openLanding(page);
    const plans = page.getByRole('region', { name: 'Choose your plan' });
    const current = plans.getByRole('button', { name: 'Current Plan' });
    await current.waitFor();
    assert.equal(await current.isDisabled(), true, 'Basic is held: its card is disabled');
    const checkoutCode = () => scripts.filter((url) => /\/(checkout|TestCheckout)-[\w-]+\.js$/.test(url));
    assert.deepEqual(checkoutCode(), [], 'no checkout code before a card is clicked');

    await plans.getByRole('button', { name: 'Upgrade Now' }).click();
    const checkout = page.getByRole('dialog', { name: /TEST MODE/ });
    await checkout.waitFor();
    assert.equal(checkoutCode().length, 2, `the checkout's code loaded on the click (${checkoutCode().join(', ')})`);
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await checkout.waitFor({ state: 'hidden' });
    assert.equal(page.url(), `${stack.url}/`, 'a cancelled checkout stays on the page');

    await page.unroute('**/api/subscription/create');
    await page.route('**/api/subscription/create', (route) => route.fulfill({ status: 502, body: '' }));
    await plans.getByRole('button', { name: 'Upgrade Now' }).click();
    await plans.getByRole('alert').filter({ hasText: 'Failed to create subscription. Please try again.' }).waitFor();
    await page.close();
  });

  it('fits a phone: nothing wider than 375 px but the scrolling strip', async () => {
    const page = await openLanding(await browser.newPage({ viewport: { width: 375, height: 740 } }));
    const { scrollWidth, clientWidth } = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(
      '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })',
    );
    assert.ok(scrollWidth <= clientWidth, `the page is ${scrollWidth} px wide in a ${clientWidth} px window`);
    await page.close();
  });

  it('shows the about, terms and privacy pages with their headings and the terms’ promises', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/about`);
    await page.getByRole('heading', { name: 'About Better+', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'How answers are made', level: 2 }).waitFor();

    await page.goto(`${stack.url}/terms`);
    await page.getByRole('heading', { name: 'Terms and Conditions', level: 1 }).waitFor();
    for (const heading of [
      '2. Plans and the monthly query allowance',
      '3. Payment and automatic renewal',
      '4. Cancelling',
      '5. No refunds',
      '7. Acceptable use',
    ]) {
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    }
    const terms = (await page.getByRole('article').textContent()) ?? '';
    for (const promise of [
      'Payments are non-refundable.',
      'Your subscription auto-renews monthly',
      'Cancellation keeps your access to the end of the billing cycle',
      '1 query per month',
      '50 queries per month',
      'cite',
    ]) {
      assert.ok(terms.includes(promise), `the terms say "${promise}"`);
    }

    await page.goto(`${stack.url}/privacy`);
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    for (const heading of ['What we collect', 'Why we use it', 'How long we keep it', 'Your choices and rights']) {
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    }
    const privacy = (await page.getByRole('article').textContent()) ?? '';
    for (const statement of ['we do not sell your data', 'never reach us', 'within 24-48 hours']) {
      assert.ok(privacy.includes(statement), `the privacy policy says "${statement}"`);
    }
    await page.close();
  });
});
