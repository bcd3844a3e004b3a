import { createLocalMailbox, createSmtpMailer, localMailboxDir, type Logger, type Mailer } from '@betterplus/kit';
import type { NotificationsConfig } from './config.ts';

/** SMTP when configured; otherwise the local mailbox under the data folder. */
export const createMailer = (config: NotificationsConfig, logger: Logger): Mailer =>
  config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createLocalMailbox(localMailboxDir(config.DATA_DIR), config.MAIL_FROM, logger);
