import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../observability/logger.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/** Where the embedded stack's mail lands, under its data folder. */
export const localMailboxDir = (dataDir: string): string => join(dataDir, 'mailbox');

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/**
 * The embedded stack's mail: each message is saved as JSON under `dir` and written to the log,
 * so a one-time code can be read without any mail server. Never used in production.
 */
export function createLocalMailbox(dir: string, from: string, logger: Logger): Mailer {
  return {
    async send(message) {
      const sentAt = new Date().toISOString();
      const id = randomUUID();
      const stored: StoredMail = { id, from, sentAt, ...message };
      await mkdir(dir, { recursive: true });
      // Written aside, then renamed into place: a crash mid-write leaves a stray .tmp file that
      // the reader skips, never a half-written message that breaks the whole mailbox.
      const name = `${sentAt.replace(/[:.]/g, '-')}-${id}.json`;
      await writeFile(join(dir, `.${name}.tmp`), JSON.stringify(stored, null, 2));
      await rename(join(dir, `.${name}.tmp`), join(dir, name));
      logger.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail saved to the local mailbox');
      return id;
    },
    async close() {},
  };
}

async function readMail(path: string): Promise<StoredMail | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as StoredMail;
  } catch {
    return undefined;
  }
}

/** Messages in the local mailbox, newest first; a file that cannot be read is passed over. */
export async function readLocalMailbox(dir: string): Promise<StoredMail[]> {
  const files = await readdir(dir).catch(() => []);
  const names = files
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .reverse();
  const mails = await Promise.all(names.map((name) => readMail(join(dir, name))));
  return mails.filter((mail) => mail !== undefined);
}
