import type { BillingConfig } from '../config.ts';

/** Who issues the invoices (CGST Rule 46), from configuration. */
export interface Supplier {
  name: string;
  address: string | null;
  gstin: string | null;
  stateCode: string;
}

export const supplierOf = (config: BillingConfig): Supplier => ({
  name: config.SUPPLIER_NAME,
  address: config.SUPPLIER_ADDRESS ?? null,
  gstin: config.SUPPLIER_GSTIN ?? null,
  stateCode: config.SUPPLIER_STATE_CODE,
});
