import type { Queryable } from '@betterplus/kit';
import type { Period } from './subscriptions.ts';

export interface Charge {
  paymentId: string;
  userId: string;
  providerSubscriptionId: string;
  amountPaise: number;
  period: Period;
}

/** Records a charge once by its payment id; false when it was recorded already. */
export async function recordPayment(db: Queryable, charge: Charge): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO payments (id, user_id, provider_subscription_id, amount_paise, period_start, period_end)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
    [charge.paymentId, charge.userId, charge.providerSubscriptionId, charge.amountPaise, charge.period.start, charge.period.end],
  );
  return rowCount === 1;
}

/** Notes a failed charge once by its payment id; false when it was noted already. */
export async function firstFailureReport(db: Queryable, paymentId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('INSERT INTO payment_failures (payment_id, user_id) VALUES ($1, $2) ON CONFLICT (payment_id) DO NOTHING', [
    paymentId,
    userId,
  ]);
  return rowCount === 1;
}
