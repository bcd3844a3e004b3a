import type { Queryable } from '@betterplus/kit';

/** `Reason`: why it was refused, one of the rule's reasons (domain/charges.ts). */
export interface RefusedCharge<Reason extends string = string> {
  /** What was refused, once: the webhook's event id, or the payment and subscription of a verification. */
  attempt: string;
  source: 'webhook' | 'verify-payment';
  reason: Reason;
  /** The webhook's event name. */
  event: string | null;
  /** The owner of the provider subscription, when it is one of billing's. */
  userId: string | null;
  providerSubscriptionId: string | null;
  paymentId: string | null;
  amountPaise: number | null;
  currency: string | null;
  planId: string | null;
  /** What the provider reported, as billing read it. */
  report: unknown;
}

/** Records a refused charge once by its attempt; false when it was recorded already. */
export async function recordRefusedCharge(db: Queryable, refused: RefusedCharge): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO refused_charges (attempt, source, reason, event, user_id, provider_subscription_id, payment_id, amount_paise, currency, plan_id, report)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (attempt) DO NOTHING`,
    [
      refused.attempt,
      refused.source,
      refused.reason,
      refused.event,
      refused.userId,
      refused.providerSubscriptionId,
      refused.paymentId,
      refused.amountPaise,
      refused.currency,
      refused.planId,
      JSON.stringify(refused.report),
    ],
  );
  return rowCount === 1;
}
