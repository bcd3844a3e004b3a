// The admin panel (/vikarapanel) in Chromium against the embedded stack, with the web app's own
// analytics feeding it: a user signs up and asks (one question the assistant abstains on, one it
// answers), then the admin signs in, sees that activity (and the knowledge entries due for review,
// which chat told at start) on the dashboard, sorts, searches and exports the users, reads the
// analytics over each range, and logs out. Wrong credentials say 'Invalid credentials'; a 401
// later ends the admin session; axe finds nothing serious.
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@betterplus/kit/testing';
import type { EmbeddedStack } from '../src/embedded-stack.ts';
import { mailMatch, readMailbox, seriousViolations, startBrowserStack } from './support/browser.ts';
import { signUpWithCode } from './support/signup.ts';

const admin = { username: 'curator', password: 'Vikara-panel-test-Passw0rd!' };
const basicAuth = `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`;
const CSV_HEADER = 'user_name,user_email,subscription_plan,queries_limit,queries_used,start_date,end_date,razorpay_subscription_id,razorpay_status,amount';
// The collector drops hits from user agents that name themselves bots, as headless Chromium does.
const desktopChrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const ABSTAINED = 'What is the capital of Mars?';
const ANSWERED = 'Who founded Goonj and what is Cloth for Work?';

interface Stats {
  totalUsers: number;
  monthlyQueries: number;
  knowledgeEntries: number | null;
  knowledgeDueForReview: number | null;
}
interface AnalyticsAnswer {
  pageViews: number;
  topPages: { path: string }[];
  events: { events: { name: string }[] }[];
  abstainedQuestions: { question: string }[];
}

// Runs in the page before the app (as in the CSP test); kept as text since this package has no DOM types.
const RECORD_CSP_VIOLATIONS = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));`;

/** The day in India, `days` from today, as YYYY-MM-DD: the server's and the panel's days. */
const indiaDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

describe('the admin panel, in Chromium', () => {
  let stack: EmbeddedStack;
  let browser: Browser;
  let stop: () => Promise<void>;

  before(async () => {
    ({ stack, browser, stop } = await startBrowserStack({ ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password }));
  });
  after(async () => {
    await stop();
  });

  const adminGet = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${stack.url}${path}`, { headers: { authorization: basicAuth } });
    assert.equal(response.status, 200, `${path} answers 200`);
    return (await response.json()) as T;
  };

  async function signIn(page: Page, username: string, password: string): Promise<void> {
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /** The value of the statistic card titled `title`. */
  const statistic = (page: Page, title: string) =>
    page
      .locator('.ant-statistic')
      .filter({ has: page.getByText(title, { exact: true }) })
      .locator('.ant-statistic-content');
  /** The body rows of the first table under `scope`. */
  const rows = (scope: Page | ReturnType<Page['locator']>) => scope.locator('.ant-table-tbody tr.ant-table-row');
  const columnTexts = async (page: Page, column: number) => (await rows(page).locator(`td:nth-child(${column})`).allTextContents()).map((text) => text.trim());

  it('refuses wrong credentials with Invalid credentials, and keeps its pages behind the sign-in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/vikarapanel/users`);
      await page.waitForURL(`${stack.url}/vikarapanel`);
      await page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
      assert.equal(await page.title(), 'Admin Panel · Better+');

      // Both fields are required: nothing is sent without them.
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Please enter the username').waitFor();
      await page.getByText('Please enter the password').waitFor();

      await signIn(page, admin.username, 'not-the-password');
      const refusal = page.getByRole('alert').filter({ hasText: 'Invalid credentials' });
      await refusal.waitFor();
      assert.equal(await page.evaluate<string>('document.activeElement.textContent'), 'Invalid credentials', 'the refusal takes the focus');
      assert.equal(page.url(), `${stack.url}/vikarapanel`);
      assert.equal(await page.evaluate<string | null>(`sessionStorage.getItem('adminCredentials')`), null, 'refused credentials are not kept');
      assert.deepEqual(await seriousViolations(page), [], 'axe on the admin sign-in');
    } finally {
      await context.close();
    }
  });

  it('shows a user’s activity on the dashboard, sorts, searches and exports the users, reads the analytics, and logs out', { timeout: 240_000 }, async () => {
    // --- A user signs up in the browser and asks twice: one question the assistant abstains on (given back), one it answers. ---
    const user = { name: 'Zara Khan', email: `zara.${Date.now()}@example.com`, password: 'first-Passw0rd' };
    const visitor = await browser.newContext({ userAgent: desktopChrome });
    const userPage = await visitor.newPage();
    try {
      await userPage.goto(`${stack.url}/signup`);
      await userPage.getByLabel('Full Name').fill(user.name);
      await userPage.getByLabel('Email address').fill(user.email);
      await userPage.getByLabel('Password', { exact: true }).fill(user.password);
      await userPage.getByRole('button', { name: 'Create Account' }).click();
      await userPage.getByText('OTP sent to your email address').waitFor();
      const [, otp = ''] = await mailMatch(stack, user.email, /\b(\d{6})\b/);
      await userPage.getByPlaceholder('000000').fill(otp);
      await userPage.getByRole('button', { name: 'Verify OTP' }).click();
      await userPage.waitForURL(`${stack.url}/chat`);
      // Basic's one query arrives with billing's event.
      await eventually(
        async () => {
          if ((await userPage.getByText('Queries left: 1').count()) > 0) return true;
          await userPage.reload();
          await userPage.getByRole('heading', { name: 'Chat', level: 1 }).waitFor();
          return undefined;
        },
        20_000,
        500,
      );
      const input = userPage.getByLabel('Your question');
      await input.fill(ABSTAINED);
      await userPage.getByRole('button', { name: 'Send' }).click();
      await userPage.getByText("That isn't in our archive yet.", { exact: false }).waitFor();
      await input.fill(ANSWERED);
      await userPage.getByRole('button', { name: 'Send' }).click();
      await userPage.getByRole('list', { name: 'Sources' }).waitFor();
      await userPage.getByRole('dialog', { name: 'Query Limit Reached' }).getByRole('button', { name: 'Maybe Later' }).click();
    } finally {
      await visitor.close();
    }

    // The panel reads what the services' events and the beacons have brought by now.
    const told = await eventually(
      async () => {
        const stats = await adminGet<Stats>('/api/admin/stats');
        return stats.totalUsers === 1 && stats.monthlyQueries === 1 && stats.knowledgeEntries !== null ? stats : undefined;
      },
      30_000,
      250,
    );
    const knowledgeFiles = (await readdir(new URL('../../../services/chat/knowledge/', import.meta.url))).filter((name) => name.endsWith('.yaml')).length;
    assert.equal(told.knowledgeEntries, knowledgeFiles, 'chat told admin-reporting its archive as it imported it at start');
    await eventually(
      async () => {
        const analytics = await adminGet<AnalyticsAnswer>('/api/admin/analytics?range=7d');
        const names = new Set(analytics.events.flatMap((day) => day.events.map((event) => event.name)));
        return names.has('signup_completed') && names.has('chat_message_sent') && analytics.abstainedQuestions.length === 1 ? true : undefined;
      },
      30_000,
      250,
    );

    const context = await browser.newContext({ acceptDownloads: true });
    await context.addInitScript({ content: RECORD_CSP_VIOLATIONS });
    const page = await context.newPage();
    const cspViolations = () => page.evaluate<string[]>('window.cspViolations');
    try {
      // --- Sign in: the dashboard, with the figures of that activity. ---
      await page.goto(`${stack.url}/vikarapanel`);
      await signIn(page, admin.username, admin.password);
      await page.waitForURL(`${stack.url}/vikarapanel/dashboard`);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      assert.equal(await page.title(), 'Dashboard · Admin · Better+');
      assert.equal(
        await page.evaluate<string | null>(`sessionStorage.getItem('adminCredentials')`),
        basicAuth,
        'the credentials are kept for the tab, as basic auth',
      );
      assert.equal(await page.evaluate<string | null>(`localStorage.getItem('adminCredentials')`), null);
      assert.equal((await statistic(page, 'Total Users').textContent())?.trim(), '1');
      assert.equal((await statistic(page, 'Monthly Revenue').textContent())?.trim(), '₹0.00');
      assert.equal((await statistic(page, 'Monthly Queries').textContent())?.trim(), '1', 'the abstained question was given back');
      const counted = new Intl.NumberFormat('en-IN');
      assert.equal((await statistic(page, 'Entries Due for Review').textContent())?.trim(), counted.format(told.knowledgeDueForReview ?? -1));
      assert.match(
        (await page.locator('.ant-card').filter({ hasText: 'Entries Due for Review' }).textContent()) ?? '',
        new RegExp(`of ${counted.format(knowledgeFiles)} knowledge entries`),
      );
      const byPlan = page.locator('.ant-card').filter({ hasText: 'Subscriptions by Plan' });
      assert.match((await byPlan.textContent()) ?? '', /Basic\s*1/);
      const month = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date());
      for (const chart of ['Revenue Trend', 'Subscription Trend']) {
        const image = page.getByRole('img', { name: new RegExp(`^${chart}\\. .*${month}: `) });
        await image.waitFor();
        await image.locator('canvas').first().waitFor();
      }
      assert.match(
        (await page.getByRole('img', { name: /^Subscription Trend\./ }).getAttribute('aria-label')) ?? '',
        new RegExp(`${month}: 0$`),
        'Basic is no paying month',
      );
      assert.deepEqual(await cspViolations(), [], 'the charts draw under the content security policy');
      assert.equal(await page.locator('h1').count(), 1);
      assert.deepEqual(await seriousViolations(page), [], 'axe on the dashboard');

      // A signed-in admin is sent from the sign-in, and from unknown pages, to the dashboard.
      await page.goto(`${stack.url}/vikarapanel`);
      await page.waitForURL(`${stack.url}/vikarapanel/dashboard`);
      await page.goto(`${stack.url}/vikarapanel/no-such-tab`);
      await page.waitForURL(`${stack.url}/vikarapanel/dashboard`);

      // --- Users: two more sign up (over HTTP), then the table sorts, searches and exports. ---
      for (const [name, label] of [
        ['Bhavna Rao', 'bhavna'],
        ['Arjun Mehta', 'arjun'],
      ] as const) {
        await signUpWithCode(stack.url, { name, email: `${label}.${Date.now()}@example.com`, password: 'first-Passw0rd' }, () => readMailbox(stack));
      }
      await eventually(async () => ((await adminGet<{ total: number }>('/api/admin/users')).total === 3 ? true : undefined), 30_000, 250);

      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
      await page.waitForURL(`${stack.url}/vikarapanel/users`);
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      assert.equal(await page.title(), 'Users · Admin · Better+');
      await eventually(async () => ((await rows(page).count()) === 3 ? true : undefined), 10_000);
      const zara = rows(page).filter({ hasText: user.email });
      assert.match((await zara.textContent()) ?? '', /Zara Khan.*Basic/);

      const emailHeader = page.getByRole('columnheader', { name: /Email/ });
      await emailHeader.click();
      await page.waitForURL(/sort=user_email&order=asc/);
      // The default order, by name, is ascending by email here too: the rows alone cannot tell
      // that the table has taken the new order; the header's state can.
      await eventually(async () => ((await emailHeader.getAttribute('aria-sort')) === 'ascending' ? true : undefined), 10_000);
      await eventually(async () => ((await columnTexts(page, 2))[0]?.startsWith('arjun.') === true ? true : undefined), 10_000);
      assert.deepEqual(
        (await columnTexts(page, 2)).map((email) => email.split('.')[0]),
        ['arjun', 'bhavna', 'zara'],
      );
      // The header sorts from the keyboard too.
      await emailHeader.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/sort=user_email&order=desc/);
      await eventually(async () => ((await columnTexts(page, 2))[0]?.startsWith('zara.') === true ? true : undefined), 10_000);
      assert.deepEqual(
        (await columnTexts(page, 2)).map((email) => email.split('.')[0]),
        ['zara', 'bhavna', 'arjun'],
      );

      const search = page.getByLabel('Search by name or email');
      await search.fill('BHAV');
      await page.waitForURL(/search=BHAV/);
      await eventually(async () => ((await rows(page).count()) === 1 ? true : undefined), 10_000);
      assert.match((await rows(page).first().textContent()) ?? '', /Bhavna Rao/, 'any case, part of the name');
      await search.fill('arjun.');
      await eventually(async () => ((await columnTexts(page, 1)).join() === 'Arjun Mehta' ? true : undefined), 10_000);
      await search.fill('nobody-here');
      await page.getByText('No users found').waitFor();
      await search.fill('');
      await eventually(async () => ((await rows(page).count()) === 3 ? true : undefined), 10_000);
      assert.deepEqual(await seriousViolations(page), [], 'axe on the users table');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      assert.match(download.suggestedFilename(), /^users-subscriptions-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
      assert.equal(csv[0], CSV_HEADER);
      assert.equal(csv.length, 4, 'a header and three users');
      assert.ok(csv.some((line) => line.includes(user.email) && line.includes('Zara Khan')));

      // --- Analytics: the user's visit, events and questions, over each range. ---
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
      await page.waitForURL(`${stack.url}/vikarapanel/analytics`);
      await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
      const range = page.getByRole('radiogroup', { name: 'Date range' });
      assert.equal(await range.getByRole('radio', { name: 'Last 7 days' }).isChecked(), true);
      await statistic(page, 'Page Views').waitFor();
      assert.ok(Number((await statistic(page, 'Page Views').textContent())?.trim()) >= 2, 'the signup and chat pages were viewed');
      assert.ok(Number((await statistic(page, 'Active Users').textContent())?.trim()) >= 1);
      assert.match((await statistic(page, 'Average Session Duration').textContent()) ?? '', /^\s*(\d+h \d{2}m|\d+m \d{2}s|\d+s)\s*$/);
      assert.match((await statistic(page, 'Conversion Rate').textContent()) ?? '', /^\s*[1-9][\d.]*%\s*$/, 'the visit signed up');
      await page
        .getByRole('img', { name: /^User Engagement\. / })
        .locator('canvas')
        .first()
        .waitFor();
      assert.deepEqual(await cspViolations(), []);
      const topPages = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Top Pages', level: 2 }) });
      const paths = (await rows(topPages).locator('td:first-child').allTextContents()).map((path) => path.trim());
      assert.ok(paths.includes('/signup') && paths.includes('/chat'), `the pages the user saw (${paths.join(', ')})`);
      assert.ok(!paths.some((path) => path.startsWith('/vikarapanel')), 'the admin area is not counted');

      const questions = page.getByRole('region', { name: 'Questions' });
      const topQuestions = questions.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Top Questions', level: 3 }) });
      const abstained = questions.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Abstained Questions', level: 3 }) });
      for (const question of [ABSTAINED, ANSWERED]) await topQuestions.getByText(question).waitFor();
      await abstained.getByText(ABSTAINED).waitFor();
      assert.equal(await abstained.getByText(ANSWERED).count(), 0, 'an answered question is no gap');
      assert.deepEqual(await seriousViolations(page), [], 'axe on the analytics overview');

      await page.getByRole('tab', { name: 'Events' }).click();
      const today = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date());
      const todaysEvents = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: today, level: 2 }) });
      await todaysEvents.waitFor();
      await rows(todaysEvents).filter({ hasText: 'signup_completed' }).waitFor();
      assert.match((await rows(todaysEvents).filter({ hasText: 'chat_message_sent' }).first().textContent()) ?? '', /message_length: \d+/);
      assert.deepEqual(await seriousViolations(page), [], 'axe on the analytics events');
      await page.getByRole('tab', { name: 'Overview' }).click();

      for (const [label, value] of [
        ['Last 30 days', '30d'],
        ['Last 90 days', '90d'],
      ] as const) {
        await range.getByText(label).click();
        await page.waitForURL(`${stack.url}/vikarapanel/analytics?range=${value}`);
        await eventually(async () => (Number((await statistic(page, 'Page Views').textContent())?.trim()) >= 2 ? true : undefined), 10_000);
      }

      // Custom: two dates, neither in the future, the end not before the start.
      await range.getByText('Custom').click();
      await page.getByText('Choose a start date and an end date.').waitFor();
      const start = page.getByLabel('Start date');
      const end = page.getByLabel('End date');
      await start.click();
      await page
        .locator(`td[title="${indiaDay(1)}"]`)
        .first()
        .waitFor();
      assert.match(
        (await page
          .locator(`td[title="${indiaDay(1)}"]`)
          .first()
          .getAttribute('class')) ?? '',
        /ant-picker-cell-disabled/,
        'tomorrow cannot be chosen',
      );
      await start.fill(indiaDay(-6));
      await start.press('Enter');
      await end.click();
      assert.match(
        (await page
          .locator(`td[title="${indiaDay(-7)}"]`)
          .last()
          .getAttribute('class')) ?? '',
        /ant-picker-cell-disabled/,
        'no end before the start',
      );
      await end.fill(indiaDay());
      await end.press('Enter');
      await page.waitForURL(`${stack.url}/vikarapanel/analytics?range=custom&startDate=${indiaDay(-6)}&endDate=${indiaDay()}`);
      await eventually(async () => (Number((await statistic(page, 'Page Views').textContent())?.trim()) >= 2 ? true : undefined), 10_000);
      // Checked once the calendar has closed: antd's open panel names its month and year buttons 'Choose a month' and 'Choose a year'.
      // Both pickers' panels may still be leaving at once, so count them rather than wait for one.
      const openPanels = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
      await eventually(async () => ((await openPanels.count()) === 0 ? true : undefined), 10_000);
      assert.deepEqual(await seriousViolations(page), [], 'axe with the custom range');

      // Another range clears the dates.
      await range.getByText('Last 7 days').click();
      await page.waitForURL(`${stack.url}/vikarapanel/analytics?range=7d`);
      await page.getByLabel('Start date').waitFor({ state: 'detached' });
      await range.getByText('Custom').click();
      assert.equal(await page.getByLabel('Start date').inputValue(), '');
      assert.equal(await page.getByLabel('End date').inputValue(), '');

      // --- Logout: from a page other than the dashboard to the admin sign-in, from the dashboard to /. ---
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${stack.url}/vikarapanel`);
      await page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
      assert.equal(await page.evaluate<string | null>(`sessionStorage.getItem('adminCredentials')`), null);
      await page.goto(`${stack.url}/vikarapanel/analytics`);
      await page.waitForURL(`${stack.url}/vikarapanel`);

      await signIn(page, admin.username, admin.password);
      await page.waitForURL(`${stack.url}/vikarapanel/dashboard`);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${stack.url}/`);
      assert.equal(await page.evaluate<string | null>(`sessionStorage.getItem('adminCredentials')`), null);
    } finally {
      await context.close();
    }
  });

  it('ends the admin session when a call is refused 401 (the password changed meanwhile)', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${stack.url}/vikarapanel`);
      await signIn(page, admin.username, admin.password);
      await page.waitForURL(`${stack.url}/vikarapanel/dashboard`);
      await page.evaluate(`sessionStorage.setItem('adminCredentials', 'Basic ' + btoa('${admin.username}:an-old-password'))`);
      await page.goto(`${stack.url}/vikarapanel/users`);
      await page.waitForURL(`${stack.url}/vikarapanel`);
      await page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
      assert.equal(await page.evaluate<string | null>(`sessionStorage.getItem('adminCredentials')`), null);
    } finally {
      await page.close();
    }
  });
});
