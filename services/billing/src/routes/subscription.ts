import {
  AppError,
  ErrorResponse,
  Type,
  badRequest,
  conflict,
  currentUser,
  notFound,
  type NotifiedCache,
  type Queryable,
  type ServiceApp,
  type ServiceDeps,
} from '@betterplus/kit';
import type { BillingConfig } from '../config.ts';
import { addProviderSubscription, findProviderSubscription } from '../db/provider-subscriptions.ts';
import { recordRefusedCharge, type RefusedCharge } from '../db/refused-charges.ts';
import { findSubscription, holdsActivePremium, type SubscriptionRow } from '../db/subscriptions.ts';
import { chargeRefusal, type RefusalReason } from '../domain/charges.ts';
import { PaymentProviderError, type PaymentGateway } from '../domain/payment-gateway.ts';
import { paymentSignatureValid } from '../domain/signatures.ts';
import type { Supplier } from '../domain/supplier.ts';
import { applyCheckoutCharge } from '../use-cases/apply-charge.ts';
import { cancelPremium, chooseBasic } from '../use-cases/plan-changes.ts';
import { alertRefusedCharge, type BillingMetrics, type VERIFICATION_FAILURES } from './metrics.ts';
import { PaymentConfirmation, Subscription } from '../contracts/schemas.ts';

/** The spec's messages (section 8, Plans and payment). */
export const PREMIUM_ACTIVE =
  'You already have an active premium subscription. You can switch to the free plan after your premium subscription ends or is cancelled.';
export const CREATE_FAILED = 'Failed to create subscription. Please try again.';
export const VERIFY_FAILED = 'Payment verification failed. Please try again.';

export const subscriptionJson = (subscription: SubscriptionRow): Subscription => ({
  plan: subscription.plan,
  active: subscription.status === 'active',
  status: subscription.status,
  queriesUsed: subscription.queries_used,
  queriesLimit: subscription.queries_limit,
  endDate: subscription.end_date.toISOString(),
});

const providerFailed = (message: string) => new AppError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', message);

export interface SubscriptionDeps extends Pick<ServiceDeps<BillingConfig>, 'db' | 'uow' | 'authenticate'> {
  payments: PaymentGateway;
  /** Razorpay's key secret: the checkout signs payments with it. */
  keySecret: string;
  /** Billing's Premium plan at the provider: a charge on any other is refused. */
  planId: string;
  supplier: Supplier;
  counted: BillingMetrics;
  /** Subscriptions by user id, as the read of every page load finds them. */
  subscriptions: NotifiedCache<SubscriptionRow>;
}

/** The user's subscription, or a 404 for a user who has none yet. */
async function currentOf(db: Queryable, userId: string): Promise<SubscriptionRow> {
  const subscription = await findSubscription(db, userId);
  if (!subscription) throw notFound('No active subscription', 'NO_SUBSCRIPTION');
  return subscription;
}

/** Counts why a checkout's payment was not confirmed, and answers it: a 502 when the provider failed, else a 400. */
function verificationFailed(counted: BillingMetrics, reason: (typeof VERIFICATION_FAILURES)[number]): AppError {
  counted.verificationFailures.inc({ reason });
  return reason === 'provider_unavailable' ? providerFailed(VERIFY_FAILED) : badRequest(VERIFY_FAILED, 'PAYMENT_VERIFICATION_FAILED');
}

export function subscriptionRoutes(app: ServiceApp, deps: SubscriptionDeps): void {
  currentSubscriptionRoute(app, deps);
  createSubscriptionRoute(app, deps);
  verifyPaymentRoute(app, deps);
  cancelSubscriptionRoute(app, deps);
}

function currentSubscriptionRoute(app: ServiceApp, deps: SubscriptionDeps): void {
  app.get(
    '/api/subscription',
    {
      preHandler: deps.authenticate,
      schema: { summary: "The signed-in user's current plan and allowance", response: { 200: Subscription, 401: ErrorResponse, 404: ErrorResponse } },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const subscription = await deps.subscriptions.get(userId, () => findSubscription(deps.db, userId));
      if (!subscription) throw notFound('No active subscription', 'NO_SUBSCRIPTION');
      return subscriptionJson(subscription);
    },
  );
}

function createSubscriptionRoute(app: ServiceApp, deps: SubscriptionDeps): void {
  const { db, payments } = deps;
  app.post(
    '/api/subscription/create',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'Choose a plan: free (Basic) at once, or premium through a provider subscription to pay at checkout',
        body: Type.Object({ plan: Type.Union([Type.Literal('free'), Type.Literal('premium')]) }, { additionalProperties: false }),
        response: {
          200: Type.Union([Subscription, Type.Object({ id: Type.String(), keyId: Type.String(), testMode: Type.Boolean() })]),
          400: ErrorResponse,
          401: ErrorResponse,
          409: ErrorResponse,
          502: ErrorResponse,
        },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const subscription = await findSubscription(db, userId);
      if (holdsActivePremium(subscription)) throw conflict(PREMIUM_ACTIVE, 'PREMIUM_ACTIVE');
      if (request.body.plan === 'free') {
        // Basic now; after a cancelled or halted Premium, Basic comes when its paid period ends (the scheduler).
        if (subscription) return subscriptionJson(subscription);
        const granted = await chooseBasic(deps.uow, db, userId, new Date());
        if (!granted) throw notFound('No active subscription', 'NO_SUBSCRIPTION');
        return subscriptionJson(granted);
      }
      let created;
      try {
        created = await payments.createSubscription({ userId });
      } catch (error) {
        request.log.warn({ err: error }, 'creating the provider subscription failed');
        throw providerFailed(CREATE_FAILED);
      }
      await addProviderSubscription(db, { id: created.id, userId, status: created.status, at: new Date() });
      return { id: created.id, keyId: payments.keyId, testMode: payments.testMode };
    },
  );
}

function verifyPaymentRoute(app: ServiceApp, deps: SubscriptionDeps): void {
  const { db, payments } = deps;
  app.post(
    '/api/subscription/verify-payment',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: "Confirms the checkout's payment: the signature, then the payment and subscription with the provider; Premium starts once per payment",
        body: PaymentConfirmation,
        response: { 200: Subscription, 400: ErrorResponse, 401: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const { razorpay_payment_id: paymentId, razorpay_subscription_id: subscriptionId, razorpay_signature: signature } = request.body;
      const known = await findProviderSubscription(db, subscriptionId);
      // Someone else's subscription answers as a forged one does: nothing tells them it exists.
      if (known?.user_id !== userId || !paymentSignatureValid(deps.keySecret, { paymentId, subscriptionId, signature }))
        throw verificationFailed(deps.counted, 'signature');
      let confirmed;
      try {
        confirmed = await Promise.all([payments.fetchPayment(paymentId), payments.fetchSubscription(subscriptionId)]);
      } catch (error) {
        if (error instanceof PaymentProviderError && error.statusCode !== undefined && error.statusCode < 500)
          throw verificationFailed(deps.counted, 'provider_refused');
        request.log.warn({ err: error }, 'confirming a payment with the provider failed');
        throw verificationFailed(deps.counted, 'provider_unavailable');
      }
      const [payment, providerSubscription] = confirmed;
      const paid = ['captured', 'authorized'].includes(payment.status);
      if (!paid || !providerSubscription.currentStart) throw verificationFailed(deps.counted, 'not_paid');
      const reason = chargeRefusal(
        {
          subscriptionId,
          subscription: { planId: providerSubscription.planId },
          payment: { subscriptionId: payment.subscriptionId, amountPaise: payment.amountPaise, currency: payment.currency },
        },
        deps.planId,
      );
      if (reason) {
        const refused: RefusedCharge<RefusalReason> = {
          attempt: `verify-payment:${paymentId}|${subscriptionId}`,
          source: 'verify-payment',
          reason,
          event: null,
          userId,
          providerSubscriptionId: subscriptionId,
          paymentId,
          amountPaise: payment.amountPaise,
          currency: payment.currency,
          planId: providerSubscription.planId,
          report: { payment, subscription: providerSubscription },
        };
        if (await recordRefusedCharge(db, refused)) alertRefusedCharge(deps.counted, request.log, refused);
        throw badRequest(VERIFY_FAILED, 'PAYMENT_VERIFICATION_FAILED');
      }
      const charge = {
        userId,
        providerSubscriptionId: subscriptionId,
        paymentId,
        amountPaise: payment.amountPaise,
        cycleStart: providerSubscription.currentStart,
      };
      if ((await applyCheckoutCharge(deps.uow, charge, providerSubscription.status, deps.supplier)) === 'applied') deps.counted.paid(payment.amountPaise);
      return subscriptionJson(await currentOf(db, userId));
    },
  );
}

function cancelSubscriptionRoute(app: ServiceApp, deps: SubscriptionDeps): void {
  app.post(
    '/api/subscription/cancel',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'Cancels Premium (active or halted) at the end of the paid cycle: it stays usable until endDate, then Basic',
        response: { 200: Subscription, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 502: ErrorResponse },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const subscription = await currentOf(deps.db, userId);
      const providerSubscriptionId = subscription.provider_subscription_id;
      // A halted Premium (its renewal failed) may be cancelled too, which stops Razorpay's retries.
      const cancellable = subscription.plan === 'premium' && ['active', 'halted'].includes(subscription.status);
      if (!cancellable || !providerSubscriptionId) throw conflict('Only an active Premium subscription can be cancelled.', 'NOT_CANCELLABLE');
      try {
        await deps.payments.cancelSubscription(providerSubscriptionId);
      } catch (error) {
        request.log.warn({ err: error }, 'cancelling with the provider failed');
        throw providerFailed('Failed to cancel subscription');
      }
      const cancelled = await deps.uow.run((tx) => cancelPremium(tx, providerSubscriptionId));
      // A second cancel at the same moment finds it cancelled already.
      if (!cancelled) throw conflict('Only an active Premium subscription can be cancelled.', 'NOT_CANCELLABLE');
      return subscriptionJson(cancelled);
    },
  );
}
