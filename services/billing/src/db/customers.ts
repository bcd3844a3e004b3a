import type { Queryable } from '@betterplus/kit';

export interface Customer {
  user_id: string;
  name: string;
  email: string;
  /** GST state code of the place of supply, when the customer gave it. */
  state_code: string | null;
  gstin: string | null;
}

/** The customer as identity registered them; a replay changes nothing. */
export async function addCustomer(db: Queryable, customer: { userId: string; name: string; email: string }): Promise<void> {
  await db.query('INSERT INTO customers (user_id, name, email) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING', [
    customer.userId,
    customer.name,
    customer.email,
  ]);
}

/** identity's change of a name or email; the details the customer gave billing stay. */
export async function updateCustomer(db: Queryable, customer: { userId: string; name: string; email: string }): Promise<void> {
  await db.query(
    `INSERT INTO customers (user_id, name, email) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, email = excluded.email, updated_at = now()`,
    [customer.userId, customer.name, customer.email],
  );
}

export async function findCustomer(db: Queryable, userId: string): Promise<Customer | undefined> {
  const { rows } = await db.query<Customer>('SELECT user_id, name, email, state_code, gstin FROM customers WHERE user_id = $1', [userId]);
  return rows[0];
}

/** The optional GST details; false when billing has not heard of the customer yet. */
export async function setBillingDetails(db: Queryable, userId: string, details: { stateCode: string | null; gstin: string | null }): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE customers SET state_code = $2, gstin = $3, updated_at = now() WHERE user_id = $1', [
    userId,
    details.stateCode,
    details.gstin,
  ]);
  return rowCount === 1;
}
