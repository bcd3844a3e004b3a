import { Type, baseSettings, requiredInProduction, type Static } from '@betterplus/kit';

export const notificationsSettings = Type.Object({
  ...baseSettings,
  /** SMTP server URL (smtp:// or smtps://, credentials included); without it mail goes to the local mailbox. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://', [requiredInProduction]: true })),
  /**
   * X25519 private key (PEM, PKCS#8) that opens the OTP codes and reset tokens identity seals to
   * notifications' public key; only notifications holds it.
   */
  NOTIFICATIONS_PRIVATE_KEY: Type.String({ minLength: 1 }),
  /** Longest waits for the SMTP server to accept a connection, greet, and answer on an open connection; a send past one fails and is retried. */
  SMTP_CONNECTION_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  SMTP_GREETING_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 10_000 }),
  SMTP_SOCKET_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  /** Longest pause between tries of a mail that failed; the pause doubles from 1 s up to this. */
  MAIL_RETRY_MAX_DELAY_MS: Type.Integer({ minimum: 10, default: 300_000 }),
  /** Sender of every email. */
  MAIL_FROM: Type.String({ minLength: 3, default: 'Better+ <no-reply@localhost>' }),
  /**
   * Where contact form messages go. No schema default: `supportAddress` supplies one for local
   * use, and production refuses to start without a real address.
   */
  SUPPORT_EMAIL: Type.Optional(Type.String({ pattern: '^[^\\s@]+@[^\\s@]+$', [requiredInProduction]: true })),
  /** Contact form messages accepted per sender address per hour. */
  CONTACT_MESSAGES_PER_HOUR_PER_EMAIL: Type.Integer({ minimum: 1, default: 5 }),
  /** Contact form messages accepted per client IP per hour (offices and campuses share one). */
  CONTACT_MESSAGES_PER_HOUR_PER_IP: Type.Integer({ minimum: 1, default: 20 }),
});

export type NotificationsConfig = Static<typeof notificationsSettings>;

/** The support inbox: the setting, or a local address outside production. */
export const supportAddress = (config: NotificationsConfig): string => config.SUPPORT_EMAIL ?? 'support@localhost';
