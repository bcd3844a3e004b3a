import { createSecretOpener, defineService } from '@betterplus/kit';
import { notificationsSettings, supportAddress, type NotificationsConfig } from './config.ts';
import { createDeliver } from './events/deliver.ts';
import { handlers } from './events/handlers/index.ts';
import { createMailer } from './mailer.ts';
import { contactRoutes } from './routes/contact.ts';

/**
 * notifications: every email the product sends, and the contact form. Consumes identity's
 * account events and its own notifications.contact.v1; publishes ContactSubmitted.
 */
export const notificationsService = defineService<NotificationsConfig>({
  name: 'notifications',
  settings: notificationsSettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  async register(app, deps) {
    const { config } = deps;
    const mailer = createMailer(config, deps.logger);
    app.addHook('onClose', () => mailer.close());
    const supportEmail = supportAddress(config);
    contactRoutes(app, {
      supportEmail,
      uow: deps.uow,
      cache: deps.cache,
      limits: { perEmailPerHour: config.CONTACT_MESSAGES_PER_HOUR_PER_EMAIL, perIpPerHour: config.CONTACT_MESSAGES_PER_HOUR_PER_IP },
    });
    return handlers({ deliver: createDeliver(mailer, deps.db, deps.logger), publicUrl: config.PUBLIC_URL, supportEmail, openSecret: createSecretOpener(config.NOTIFICATIONS_PRIVATE_KEY, 'NOTIFICATIONS_PRIVATE_KEY') });
  },
});
