import { defineService } from '@betterplus/kit';
import { chatSettings, type ChatConfig } from './config.ts';
import { chooseAnswerer } from './adapters/choose-answerer.ts';
import { startUnansweredSweeper } from './use-cases/unanswered-sweeper.ts';
import { handlers } from './events/handlers/index.ts';
import { askRoutes } from './routes/ask.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { historyRoutes } from './routes/history.ts';
import { knowledgeRoutes } from './routes/knowledge.ts';
import { chatMetrics } from './routes/metrics.ts';
import { queriesLeftRoutes } from './routes/queries-left.ts';
import { openKnowledgeBase } from './use-cases/knowledge-base.ts';

/** chat: entitlements (billing.subscription.v1), the usage ledger, chat history with its answers' marks, and the knowledge base. */
export const chatService = defineService<ChatConfig>({
  name: 'chat',
  settings: chatSettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  async register(app, deps) {
    // The knowledge files ship with the code: every replica brings the tables up to them at start.
    const knowledge = await openKnowledgeBase(deps.db, deps.logger, deps.config, deps.uow);
    app.addHook('onClose', () => knowledge.close());
    askRoutes(app, { ...deps, answerer: chooseAnswerer(knowledge.retrieve, deps.config, deps.logger), counted: chatMetrics(deps.metrics.registry) });
    const sweeper = startUnansweredSweeper({ uow: deps.uow, logger: deps.logger, staleAfterMs: deps.config.ANSWER_TIMEOUT_MS + 60_000, everyMs: 30_000 });
    app.addHook('onClose', () => sweeper.stop());
    queriesLeftRoutes(app, deps);
    historyRoutes(app, deps);
    feedbackRoutes(app, deps);
    knowledgeRoutes(app, deps);
    return handlers;
  },
});
