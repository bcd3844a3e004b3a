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

/**
 * Whether a failed send can never succeed: the SMTP server answered with a permanent (5xx)
 * reply, such as an address it does not know. Anything else (refused connection, timeout, 4xx)
 * may pass on a later try.
 */
export function isPermanentMailFailure(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'responseCode' in error ? error.responseCode : undefined;
  return typeof code === 'number' && code >= 500 && code < 600;
}
