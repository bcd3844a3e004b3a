import { createPublicKey } from 'node:crypto';
import {
  createLocalMailbox,
  createSecretOpener,
  createSecretSealer,
  createSmtpMailer,
  defineService,
  localMailboxDir,
  PermanentEventError,
  type Logger,
  type Mailer,
  type OpenSecret,
} from '@betterplus/kit';
import { notificationsSettings, supportAddress, type NotificationsConfig } from './config.ts';
import { createDeliver, createMailSender } from './use-cases/deliver.ts';
import { handlers } from './events/handlers/index.ts';
import { contactRoutes } from './routes/contact.ts';

/** SMTP when configured, with its timeouts; otherwise the local mailbox under the data folder. */
const createMailer = (config: NotificationsConfig, logger: Logger): Mailer =>
  config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM, {
        connectionMs: config.SMTP_CONNECTION_TIMEOUT_MS,
        greetingMs: config.SMTP_GREETING_TIMEOUT_MS,
        socketMs: config.SMTP_SOCKET_TIMEOUT_MS,
      })
    : createLocalMailbox(localMailboxDir(config.DATA_DIR), config.MAIL_FROM, logger);

/** A secret that does not open (another key, another address or event) never will: dead-letter it rather than retry. */
const permanentlyFailing =
  (open: OpenSecret): OpenSecret =>
  (sealed, context) => {
    try {
      return open(sealed, context);
    } catch (error) {
      throw new PermanentEventError(`sealed secret does not open: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

/**
 * notifications: every email the product sends, and the contact form. Consumes identity's
 * account events, billing's payment and subscription events and its own
 * notifications.contact.v1; publishes ContactSubmitted.
 */
export const notificationsService = defineService<NotificationsConfig>({
  name: 'notifications',
  settings: notificationsSettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  async register(app, deps) {
    const { config } = deps;
    const mailer = createMailer(config, deps.logger);
    const openSecret = createSecretOpener(config.NOTIFICATIONS_PRIVATE_KEY, 'NOTIFICATIONS_PRIVATE_KEY');
    // Queued mail is sealed to notifications' own key: it may carry a code or a reset token.
    const ownPublicKey = createPublicKey(config.NOTIFICATIONS_PRIVATE_KEY).export({ type: 'spki', format: 'pem' });
    const sender = createMailSender({ db: deps.db, mailer, open: openSecret, logger: deps.logger, maxRetryDelayMs: config.MAIL_RETRY_MAX_DELAY_MS });
    app.addHook('onReady', async () => {
      sender.start();
    });
    app.addHook('onClose', async () => {
      await sender.stop();
      await mailer.close();
    });
    const supportEmail = supportAddress(config);
    contactRoutes(app, {
      supportEmail,
      uow: deps.uow,
      cache: deps.cache,
      limits: { perEmailPerHour: config.CONTACT_MESSAGES_PER_HOUR_PER_EMAIL, perIpPerHour: config.CONTACT_MESSAGES_PER_HOUR_PER_IP },
    });
    return handlers({
      deliver: createDeliver(createSecretSealer(ownPublicKey)),
      mailQueued: () => {
        sender.wake();
      },
      publicUrl: config.PUBLIC_URL,
      supportEmail,
      openSecret: permanentlyFailing(openSecret),
      logger: deps.logger,
    });
  },
});
