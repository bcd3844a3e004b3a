import { baseSettingsSchema, defineService } from '@betterplus/kit';

/** notifications: contact messages and email deliveries. Its routes arrive with its feature issue. */
export const notificationsService = defineService({
  name: 'notifications',
  settings: baseSettingsSchema,
  async register() {},
});
