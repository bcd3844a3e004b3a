// Records the landing page's "How it Works" video with Playwright's video recording: the real
// product on a throw-away embedded stack, a visitor picking a sample question, the answer typed
// out with its sources, then a question of their own. Writes a small VP9 WebM, a poster and
// WebVTT captions of each step next to HowItWorks.tsx. Builds the web bundle first, so the
// recording shows the app as it stands.
//
//   npm run record:how-it-works
//
// Needs ffmpeg (apt-get install ffmpeg): Playwright encodes its recording with an ffmpeg it
// would download, which this machine cannot, so the system one stands in for it.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../../../web/src/pages/home/landing/media/', import.meta.url));
const size = { width: 1280, height: 720 };
/** The first of the landing page's sample questions (web/src/pages/home/landing/sampleQuestions.ts). */
const sample = 'How does Goonj turn old clothes into rural development?';
const ownQuestion = 'Who is the Waterman of India?';

const ffmpeg = execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: fileURLToPath(new URL('../../../', import.meta.url)), stdio: 'inherit' });
const browsers = await mkdtemp(join(tmpdir(), 'betterplus-playwright-'));
// Where playwright-core looks for its ffmpeg build (browsers.json names the revision).
const playwrightDir = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
const { browsers: builds } = JSON.parse(await readFile(join(playwrightDir, 'browsers.json'), 'utf8')) as { browsers: { name: string; revision: string }[] };
const revision = builds.find((build) => build.name === 'ffmpeg')?.revision ?? '';
await mkdir(join(browsers, `ffmpeg-${revision}`));
await symlink(ffmpeg, join(browsers, `ffmpeg-${revision}`, 'ffmpeg-linux'));
process.env.PLAYWRIGHT_BROWSERS_PATH = browsers;

// Imported once the variable is set: playwright-core reads it when it loads.
const { createAccount, signedInContext, startBrowserStack } = await import('../test/support/browser.ts');
const { eventually } = await import('@betterplus/kit/testing');
const { SubscriptionChangedEvent } = await import('@betterplus/events');
const { timestampFromDate } = await import('@bufbuild/protobuf/wkt');

const { stack, browser, stop } = await startBrowserStack();
const videos = await mkdtemp(join(tmpdir(), 'betterplus-video-'));
try {
  const account = await createAccount(stack, 'video');
  const headers = { authorization: `Bearer ${account.token}` };
  await eventually(async () => ((await fetch(`${stack.url}/api/subscription`, { headers })).ok ? true : undefined));
  // Premium for the recording, as billing publishes it, so no limit dialog interrupts.
  const userId = (JSON.parse(Buffer.from(account.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
  const now = new Date();
  await stack.services.billing.deps.uow.run((tx) =>
    tx
      .publish(SubscriptionChangedEvent, userId, {
        userId,
        plan: 'premium',
        status: 'active',
        queriesLimit: 50,
        periodStart: timestampFromDate(now),
        periodEnd: timestampFromDate(new Date(now.getTime() + 30 * 86_400_000)),
        changedAt: timestampFromDate(new Date(now.getTime() + 1000)),
      })
      .then(() => undefined),
  );
  await eventually(async () =>
    ((await (await fetch(`${stack.url}/api/chat/queries-left`, { headers })).json()) as { queriesLeft?: number }).queriesLeft === 50 ? true : undefined,
  );

  const context = await signedInContext(browser, account, { viewport: size, recordVideo: { dir: videos, size } });
  const page = await context.newPage();
  const started = Date.now();
  const cues: { at: number; text: string }[] = [];
  const cue = (text: string) => cues.push({ at: Date.now() - started, text });

  await page.goto(stack.url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  cue('The Better+ home page: ask about social impact in India.');
  await page.waitForTimeout(2500);
  cue(`A sample question: "${sample}"`);
  await page.getByRole('button', { name: sample }).first().click();
  await page.waitForURL(`${stack.url}/chat`);
  const input = page.getByLabel('Your question');
  await eventually(async () => ((await input.inputValue()) === sample ? true : undefined));
  await page.waitForTimeout(1200);
  await page.getByRole('button', { name: 'Send' }).click();
  cue('Better+ answers from its curated archive and types the answer out.');
  await page.getByRole('list', { name: 'Sources' }).first().waitFor();
  cue('Each answer lists the sources it was drawn from.');
  await page.waitForTimeout(3000);
  cue(`Ask in your own words: "${ownQuestion}"`);
  await input.click();
  await input.pressSequentially(ownQuestion, { delay: 45 });
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('list', { name: 'Sources' }).nth(1).waitFor();
  cue('Follow-up questions and links help you read further.');
  await page.waitForTimeout(3500);
  const finished = Date.now() - started;
  const recording = (await page.video()?.path()) ?? '';
  await context.close();
  // The recording starts with a blank page loading: the video starts at the first step.
  const start = cues[0]?.at ?? 0;
  const end = finished - start;
  const steps = cues.map(({ at, text }) => ({ at: at - start, text }));
  const seconds = (ms: number) => (ms / 1000).toFixed(3);

  await mkdir(out, { recursive: true });
  const webm = join(out, 'how-it-works.webm');
  // VP9 at constant quality: text stays sharp where the picture is still, and the file small.
  execFileSync(ffmpeg, [
    '-loglevel',
    'error',
    '-y',
    '-ss',
    seconds(start),
    '-i',
    recording,
    '-vf',
    'scale=960:-2',
    '-c:v',
    'libvpx-vp9',
    '-crf',
    '40',
    '-b:v',
    '0',
    '-row-mt',
    '1',
    '-an',
    webm,
  ]);
  // The poster: the first answer with its sources.
  const answered = steps[3]?.at ?? 0;
  execFileSync(ffmpeg, [
    '-loglevel',
    'error',
    '-y',
    '-ss',
    seconds(start + answered + 1000),
    '-i',
    recording,
    '-frames:v',
    '1',
    '-vf',
    'scale=960:-2',
    '-c:v',
    'libwebp',
    '-quality',
    '70',
    join(out, 'how-it-works-poster.webp'),
  ]);
  const time = (ms: number) => new Date(ms).toISOString().slice(11, 23);
  const vtt = steps.map(({ at, text }, i) => `${time(at)} --> ${time(steps[i + 1]?.at ?? end)}\n${text}`).join('\n\n');
  await writeFile(join(out, 'how-it-works.vtt'), `WEBVTT\n\n${vtt}\n`);
  console.log(`${webm}: ${String(Math.round((await stat(webm)).size / 1024))} kB, ${(end / 1000).toFixed(1)} s`);
} finally {
  await stop();
  await rm(videos, { recursive: true, force: true });
  await rm(browsers, { recursive: true, force: true });
}
