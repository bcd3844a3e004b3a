import type { Queryable } from '@betterplus/kit';
import type { Period, Plan } from './subscriptions.ts';

/** Who an invoice is from or to, as it was when the invoice was issued. */
export interface InvoiceParty {
  name: string;
  email?: string;
  address?: string | null;
  gstin: string | null;
  stateCode: string | null;
}

export interface InvoiceRow {
  id: number;
  user_id: string;
  payment_id: string;
  plan: Plan;
  amount_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  place_of_supply: string;
  supplier: InvoiceParty;
  buyer: InvoiceParty;
  period_start: Date;
  period_end: Date;
  created_at: Date;
}

export interface NewInvoice {
  userId: string;
  paymentId: string;
  plan: Plan;
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  placeOfSupply: string;
  supplier: InvoiceParty;
  buyer: InvoiceParty;
  period: Period;
}

// bigint columns come back as strings from PostgreSQL: amounts and ids are read as integers.
const COLUMNS = `id::int AS id, user_id, payment_id, plan, amount_paise::int AS amount_paise, taxable_paise::int AS taxable_paise,
  cgst_paise::int AS cgst_paise, sgst_paise::int AS sgst_paise, igst_paise::int AS igst_paise, place_of_supply, supplier, buyer,
  period_start, period_end, created_at`;

export async function createInvoice(db: Queryable, invoice: NewInvoice): Promise<InvoiceRow> {
  const { rows } = await db.query<InvoiceRow>(
    `INSERT INTO invoices (user_id, payment_id, plan, amount_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, place_of_supply, supplier, buyer, period_start, period_end)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [
      invoice.userId,
      invoice.paymentId,
      invoice.plan,
      invoice.amountPaise,
      invoice.taxablePaise,
      invoice.cgstPaise,
      invoice.sgstPaise,
      invoice.igstPaise,
      invoice.placeOfSupply,
      JSON.stringify(invoice.supplier),
      JSON.stringify(invoice.buyer),
      invoice.period.start,
      invoice.period.end,
    ],
  );
  const [row] = rows;
  if (!row) throw new Error('invoice insert returned no row');
  return row;
}

/** The user's invoices, newest first. */
export async function invoicesOf(db: Queryable, userId: string): Promise<InvoiceRow[]> {
  return (await db.query<InvoiceRow>(`SELECT ${COLUMNS} FROM invoices WHERE user_id = $1 ORDER BY id DESC`, [userId])).rows;
}

/** One of the user's invoices; undefined for anyone else's. */
export async function invoiceOf(db: Queryable, userId: string, id: number): Promise<InvoiceRow | undefined> {
  return (await db.query<InvoiceRow>(`SELECT ${COLUMNS} FROM invoices WHERE user_id = $1 AND id = $2`, [userId, id])).rows[0];
}
