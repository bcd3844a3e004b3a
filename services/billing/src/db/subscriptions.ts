import type { Queryable } from '@betterplus/kit';
import { plans, type Period, type PlanId } from '../domain/plans.ts';

export interface SubscriptionRow {
  user_id: string;
  plan: PlanId;
  status: 'active' | 'cancelled' | 'expired';
  queries_used: number;
  queries_limit: number;
  start_date: Date;
  end_date: Date;
}

export async function findSubscription(db: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>('SELECT user_id, plan, status, queries_used, queries_limit, start_date, end_date FROM subscriptions WHERE user_id = $1', [userId]);
  return rows[0];
}

/** Gives a new user the Basic plan for `period`, and returns it; a user who already has a subscription keeps it (undefined). */
export async function startBasicPlan(db: Queryable, userId: string, period: Period): Promise<SubscriptionRow | undefined> {
  const { rows } = await db.query<SubscriptionRow>(
    `INSERT INTO subscriptions (user_id, plan, status, queries_used, queries_limit, start_date, end_date)
     VALUES ($1, 'basic', 'active', 0, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING
     RETURNING user_id, plan, status, queries_used, queries_limit, start_date, end_date`,
    [userId, plans.basic.queriesPerMonth, period.start, period.end],
  );
  return rows[0];
}
