import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Sends through an SMTP server named by URL, e.g. smtps://user:pass@smtp.example.com:465. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return info.messageId;
    },
    async close() {
      transport.close();
    },
  };
}
