import { defineService } from '@betterplus/kit';
import { chatSettings, type ChatConfig } from './config.ts';
import { handlers } from './events/handlers/index.ts';
import { historyRoutes } from './routes/history.ts';
import { queriesLeftRoutes } from './routes/queries-left.ts';

/** chat: entitlements (billing.subscription.v1), the usage ledger, chat history and the knowledge base. */
export const chatService = defineService<ChatConfig>({
  name: 'chat',
  settings: chatSettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  async register(app, deps) {
    queriesLeftRoutes(app, deps);
    historyRoutes(app, deps);
    return handlers;
  },
});
