/** Who issues the invoices (CGST Rule 46), from configuration. */
export interface Supplier {
  name: string;
  address: string | null;
  gstin: string | null;
  stateCode: string;
}
