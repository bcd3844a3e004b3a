import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** How long each step with the mail server may take before the send fails (and is retried). */
export interface SmtpTimeouts {
  /** Opening the TCP connection. */
  connectionMs: number;
  /** The server's greeting once connected. */
  greetingMs: number;
  /** Silence on an open connection. */
  socketMs: number;
}

/** Well under nodemailer's own defaults (2 min, 30 s, 10 min), which would hold a send far too long. */
export const defaultSmtpTimeouts: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/** Sends through an SMTP server named by URL, e.g. smtps://user:pass@smtp.example.com:465. */
export function createSmtpMailer(url: string, from: string, timeouts: SmtpTimeouts = defaultSmtpTimeouts): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
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
