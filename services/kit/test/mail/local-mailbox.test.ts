import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createLocalMailbox, readLocalMailbox } from '../../src/mail/local-mailbox.ts';
import { createLogger } from '../../src/observability/logger.ts';

const mailboxModule = new URL('../../src/mail/local-mailbox.ts', import.meta.url).href;
const loggerModule = new URL('../../src/observability/logger.ts', import.meta.url).href;

// A process that saves large messages, until it is killed.
const TEXT_LENGTH = 32_000_000;
const writer = (dir: string) => `
const TEXT_LENGTH = ${TEXT_LENGTH};
const { createLocalMailbox } = await import(${JSON.stringify(mailboxModule)});
const { createLogger } = await import(${JSON.stringify(loggerModule)});
const mailbox = createLocalMailbox(${JSON.stringify(dir)}, 'from@localhost', createLogger('test', 'silent'));
const text = 'x'.repeat(TEXT_LENGTH);
for (;;) await mailbox.send({ to: 'a@b.co', subject: 'big', text, html: '' });
`;

test('a process killed while saving mail leaves a mailbox that still reads', { timeout: 60_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'betterplus-mailbox-'));
  try {
    await mkdir(dir, { recursive: true });
    for (let round = 0; round < 3; round++) {
      const child = spawn(process.execPath, ['--input-type=module', '-e', writer(dir)], { stdio: ['ignore', 'ignore', 'inherit'] });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Killed the moment a file appears: while that message is still being written.
      const watcher = watch(dir, () => child.kill('SIGKILL'));
      await exited;
      watcher.close();
    }
    // One whole message, so the mailbox is not trivially empty.
    await createLocalMailbox(dir, 'from@localhost', createLogger('test', 'silent')).send({
      to: 'a@b.co',
      subject: 'big',
      text: 'x'.repeat(TEXT_LENGTH),
      html: '',
    });
    const mails = await readLocalMailbox(dir);
    assert.ok(mails.length > 0, 'some mail was saved');
    for (const mail of mails) assert.equal(mail.text.length, TEXT_LENGTH);
    // Every complete file is a whole message: nothing half-written carries a mailbox name.
    const complete = (await readdir(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
    assert.equal(complete.length, mails.length);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the mailbox reads past a file that is not a message', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'betterplus-mailbox-'));
  try {
    const mailbox = createLocalMailbox(dir, 'from@localhost', createLogger('test', 'silent'));
    await mailbox.send({ to: 'a@b.co', subject: 'hello', text: 'hi', html: '' });
    await writeFile(join(dir, '9999-broken.json'), '{"id": "trunc');
    const mails = await readLocalMailbox(dir);
    assert.deepEqual(
      mails.map((mail) => mail.subject),
      ['hello'],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
