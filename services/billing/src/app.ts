import { createNotifiedCache, defineService } from '@betterplus/kit';
import { choosePayments } from './adapters/choose-payments.ts';
import { billingSettings, supplierOf, type BillingConfig } from './config.ts';
import type { SubscriptionRow } from './db/subscriptions.ts';
import { handlers } from './events/handlers/index.ts';
import { billingDetailsRoutes } from './routes/billing-details.ts';
import { devCheckoutRoutes } from './routes/dev-checkout.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { billingMetrics } from './routes/metrics.ts';
import { subscriptionRoutes } from './routes/subscription.ts';
import { WEBHOOK_PATH, webhookRoutes } from './routes/webhooks.ts';
import { startPlanScheduler } from './use-cases/plan-scheduler.ts';

/**
 * billing: plans, subscriptions, payments and invoices. Consumes identity.user.v1 and
 * chat.query.v1; publishes billing.subscription.v1 and billing.payment.v1.
 */
export const billingService = defineService<BillingConfig>({
  name: 'billing',
  settings: billingSettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  async register(app, deps) {
    const payments = await choosePayments(deps.config, async (rawBody, headers) => {
      const response = await app.inject({ method: 'POST', url: WEBHOOK_PATH, payload: rawBody, headers });
      if (response.statusCode >= 300) throw new Error(`the webhook was refused: ${String(response.statusCode)} ${response.body}`);
    });
    const supplier = supplierOf(deps.config);
    const counted = billingMetrics(deps.metrics.registry);
    // Dropped on the trigger's NOTIFY (migration 004) once a change commits, wherever it was made.
    const subscriptions = createNotifiedCache<SubscriptionRow>(deps.db, 'subscriptions_changed', {
      onRead: (read) => {
        counted.subscriptionReads.inc({ read });
      },
    });
    subscriptionRoutes(app, { ...deps, payments: payments.gateway, keySecret: payments.keySecret, planId: payments.planId, supplier, counted, subscriptions });
    billingDetailsRoutes(app, deps);
    invoiceRoutes(app, deps);
    webhookRoutes(app, { uow: deps.uow, webhookSecret: payments.webhookSecret, planId: payments.planId, supplier, counted });
    if (payments.sandbox) devCheckoutRoutes(app, { ...deps, sandbox: payments.sandbox });
    const scheduler = startPlanScheduler({ uow: deps.uow, logger: deps.logger, everyMs: deps.config.SCHEDULER_INTERVAL_MS });
    app.addHook('onClose', async () => {
      await scheduler.stop();
      await subscriptions.stop();
      await payments.sandbox?.close();
    });
    return handlers;
  },
});
