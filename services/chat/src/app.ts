import { defineService } from '@betterplus/kit';
import { chatSettings, type ChatConfig } from './config.ts';
import { handlers } from './events/handlers/index.ts';

/** chat: entitlements, usage ledger, chat history and the knowledge base. Its routes arrive with its feature issue. */
export const chatService = defineService<ChatConfig>({
  name: 'chat',
  settings: chatSettings,
  register: async () => handlers,
});
