export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

/** The email port: SMTP in the real stack, a folder on disk in the embedded one. */
export interface Mailer {
  /** Resolves with the message id once the message is handed over; throws if it was not. */
  send(message: MailMessage): Promise<string>;
  close(): Promise<void>;
}
