import { Type, baseSettings, requiredInProduction, type Static } from '@betterplus/kit';

export const notificationsSettings = Type.Object({
  ...baseSettings,
  /** SMTP server URL (smtp:// or smtps://, credentials included); without it mail goes to the local mailbox. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://', [requiredInProduction]: true })),
  /** Sender of every email. */
  MAIL_FROM: Type.String({ minLength: 3, default: 'Better+ <no-reply@localhost>' }),
  /** The product's public address, for links in emails. */
  PUBLIC_URL: Type.String({ pattern: '^https?://', default: 'http://localhost:8080' }),
});

export type NotificationsConfig = Static<typeof notificationsSettings>;
