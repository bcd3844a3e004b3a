import type { Queryable } from '@betterplus/kit';

export interface ProviderSubscriptionRow {
  id: string;
  user_id: string;
  status: string;
}

export async function addProviderSubscription(db: Queryable, row: { id: string; userId: string; status: string; at: Date }): Promise<void> {
  await db.query(
    "INSERT INTO provider_subscriptions (id, user_id, status, status_at) VALUES ($1, $2, $3, date_trunc('second', $4::timestamptz)) ON CONFLICT (id) DO NOTHING",
    [row.id, row.userId, row.status, row.at],
  );
}

export async function findProviderSubscription(db: Queryable, id: string): Promise<ProviderSubscriptionRow | undefined> {
  const { rows } = await db.query<ProviderSubscriptionRow>('SELECT id, user_id, status FROM provider_subscriptions WHERE id = $1', [id]);
  return rows[0];
}

/** States a provider subscription does not leave. */
const FINAL = ['cancelled', 'completed', 'expired'];

/**
 * Records the provider's status as reported at `at`: a report older than the one recorded, or
 * about a subscription that has ended, changes nothing (false). Times are whole seconds, as
 * Razorpay's are: reports within one second apply in the order they arrive.
 */
export async function reportProviderStatus(db: Queryable, id: string, status: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    "UPDATE provider_subscriptions SET status = $2, status_at = date_trunc('second', $3::timestamptz) WHERE id = $1 AND status_at <= date_trunc('second', $3::timestamptz) AND NOT status = ANY($4::text[])",
    [id, status, at, FINAL],
  );
  return rowCount === 1;
}
