import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
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
      await writeFile(join(dir, `${sentAt.replace(/[:.]/g, '-')}-${id}.json`), JSON.stringify(stored, null, 2));
      logger.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail saved to the local mailbox');
      return id;
    },
    async close() {},
  };
}

/** Messages in the local mailbox, newest first. */
export async function readLocalMailbox(dir: string): Promise<StoredMail[]> {
  const files = await readdir(dir).catch(() => []);
  const names = files.filter((name) => name.endsWith('.json')).sort().reverse();
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredMail));
}
