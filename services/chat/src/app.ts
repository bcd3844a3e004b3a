import { baseSettingsSchema, defineService } from '@betterplus/kit';

/** chat: entitlements, usage ledger, chat history and the knowledge base. Its routes arrive with its feature issue. */
export const chatService = defineService({
  name: 'chat',
  settings: baseSettingsSchema,
  register: async () => undefined,
});
