import type { Queryable, Transaction, UnitOfWork } from '@betterplus/kit';
import { findSubscription, insertBasicPlan, setPremiumStatus, type Allowance, type Period, type SubscriptionRow } from '../db/subscriptions.ts';
import { basicPeriod, plans } from '../domain/plans.ts';
import { publishCancelled, publishSubscriptionChanged } from '../events/publish.ts';

/** Basic over `period`, with Basic's queries. */
export const basicAllowance = (period: Period): Allowance => ({ ...period, queriesLimit: plans.basic.queriesPerMonth });

/** Gives a new user the Basic plan for `period`, and returns it; a user who already has a subscription keeps it (undefined). */
export const startBasicPlan = (db: Queryable, userId: string, period: Period): Promise<SubscriptionRow | undefined> =>
  insertBasicPlan(db, userId, basicAllowance(period));

/**
 * A user without a subscription chooses Basic: it starts for the India calendar month of `at`, and
 * the other services are told. When another request started it first, that one is told again.
 */
export const chooseBasic = (uow: UnitOfWork, db: Queryable, userId: string, at: Date): Promise<SubscriptionRow | undefined> =>
  uow.run(async (tx) => {
    const granted = (await startBasicPlan(tx, userId, basicPeriod(at))) ?? (await findSubscription(db, userId));
    if (granted) await publishSubscriptionChanged(tx, granted);
    return granted;
  });

/**
 * Cancels the Premium paid by `providerSubscriptionId` when it is active or halted, and tells the
 * other services, in the caller's transaction; undefined when it was neither. Cancelled keeps plan
 * and end date: access runs to the end of the paid cycle.
 */
export async function cancelPremium(tx: Transaction, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  const cancelled = await setPremiumStatus(tx, providerSubscriptionId, ['active', 'halted'], 'cancelled');
  if (cancelled) await publishCancelled(tx, cancelled);
  return cancelled;
}
