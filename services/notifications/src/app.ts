import { defineService } from '@betterplus/kit';
import { notificationsSettings, type NotificationsConfig } from './config.ts';
import { handlers } from './events/handlers/index.ts';
import { createMailer } from './mailer.ts';

/**
 * notifications: contact messages and email deliveries. Consumes identity.user.v1 (welcome
 * mail); the contact form and the remaining emails arrive with their feature issue.
 */
export const notificationsService = defineService<NotificationsConfig>({
  name: 'notifications',
  settings: notificationsSettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  async register(app, deps) {
    const mailer = createMailer(deps.config, deps.logger);
    app.addHook('onClose', () => mailer.close());
    return handlers(mailer, deps.config.PUBLIC_URL);
  },
});
