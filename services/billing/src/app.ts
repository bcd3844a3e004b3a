import { defineService } from '@betterplus/kit';
import { billingSettings, type BillingConfig } from './config.ts';
import { handlers } from './events/handlers/index.ts';
import { subscriptionRoutes } from './routes/subscription.ts';

/** billing: plans, subscriptions, payments and invoices. Consumes identity.user.v1 and chat.query.v1; publishes billing.subscription.v1. */
export const billingService = defineService<BillingConfig>({
  name: 'billing',
  settings: billingSettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  async register(app, deps) {
    subscriptionRoutes(app, deps);
    return handlers;
  },
});
