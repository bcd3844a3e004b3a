/**
 * GST for Better+ invoices: the SAC and rate, the state codes, the split of a tax-inclusive price
 * into taxable value and CGST/SGST or IGST, and the words, numbers and GSTIN checks a tax invoice
 * under CGST Rule 46 needs. Amounts are integer paise.
 */

/**
 * Group 99843 "On-line content services", heading 9984 (telecommunications, broadcasting and
 * information supply), taxed at 18% (9% CGST + 9% SGST, or 18% IGST) by item 22 of notification
 * 11/2017-Central Tax (Rate), unchanged by the rate revision of 22 September 2025.
 */
export const SAC_ONLINE_INFORMATION = '998431';
export const GST_RATE_PERCENT = 18;

export interface IndianState {
  /** The two-digit GST state code, the first two characters of every GSTIN registered there. */
  code: string;
  name: string;
  /**
   * The tax levied beside CGST on a supply within it: SGST in the states and in the union
   * territories with a legislature (Delhi, Puducherry, Jammu and Kashmir), UTGST in the union
   * territories without one (CGST Act section 2(114)).
   */
  localTax: 'SGST' | 'UTGST';
}

/**
 * The 28 states and 8 union territories with their GST state codes. Codes no longer issued are
 * left out: 25 (Daman and Diu, merged into 26 in 2020) and 28 (Andhra Pradesh before 2014), and so
 * are 97 (Other Territory) and 99 (Centre Jurisdiction), which no customer lives in.
 */
export const indianStates: readonly IndianState[] = [
  { code: '01', name: 'Jammu and Kashmir', localTax: 'SGST' },
  { code: '02', name: 'Himachal Pradesh', localTax: 'SGST' },
  { code: '03', name: 'Punjab', localTax: 'SGST' },
  { code: '04', name: 'Chandigarh', localTax: 'UTGST' },
  { code: '05', name: 'Uttarakhand', localTax: 'SGST' },
  { code: '06', name: 'Haryana', localTax: 'SGST' },
  { code: '07', name: 'Delhi', localTax: 'SGST' },
  { code: '08', name: 'Rajasthan', localTax: 'SGST' },
  { code: '09', name: 'Uttar Pradesh', localTax: 'SGST' },
  { code: '10', name: 'Bihar', localTax: 'SGST' },
  { code: '11', name: 'Sikkim', localTax: 'SGST' },
  { code: '12', name: 'Arunachal Pradesh', localTax: 'SGST' },
  { code: '13', name: 'Nagaland', localTax: 'SGST' },
  { code: '14', name: 'Manipur', localTax: 'SGST' },
  { code: '15', name: 'Mizoram', localTax: 'SGST' },
  { code: '16', name: 'Tripura', localTax: 'SGST' },
  { code: '17', name: 'Meghalaya', localTax: 'SGST' },
  { code: '18', name: 'Assam', localTax: 'SGST' },
  { code: '19', name: 'West Bengal', localTax: 'SGST' },
  { code: '20', name: 'Jharkhand', localTax: 'SGST' },
  { code: '21', name: 'Odisha', localTax: 'SGST' },
  { code: '22', name: 'Chhattisgarh', localTax: 'SGST' },
  { code: '23', name: 'Madhya Pradesh', localTax: 'SGST' },
  { code: '24', name: 'Gujarat', localTax: 'SGST' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', localTax: 'UTGST' },
  { code: '27', name: 'Maharashtra', localTax: 'SGST' },
  { code: '29', name: 'Karnataka', localTax: 'SGST' },
  { code: '30', name: 'Goa', localTax: 'SGST' },
  { code: '31', name: 'Lakshadweep', localTax: 'UTGST' },
  { code: '32', name: 'Kerala', localTax: 'SGST' },
  { code: '33', name: 'Tamil Nadu', localTax: 'SGST' },
  { code: '34', name: 'Puducherry', localTax: 'SGST' },
  { code: '35', name: 'Andaman and Nicobar Islands', localTax: 'UTGST' },
  { code: '36', name: 'Telangana', localTax: 'SGST' },
  { code: '37', name: 'Andhra Pradesh', localTax: 'SGST' },
  { code: '38', name: 'Ladakh', localTax: 'UTGST' },
];

const statesByCode = new Map(indianStates.map((state) => [state.code, state]));

export function stateByCode(code: string): IndianState | undefined {
  return statesByCode.get(code);
}

export interface GstBreakdownInput {
  /** What the customer paid, tax included. */
  totalPaise: number;
  supplierStateCode: string;
  /** The customer's state, or null when it is not known. */
  placeOfSupplyCode: string | null;
}

export interface GstBreakdown {
  taxablePaise: number;
  /** CGST and SGST (or UTGST, see IndianState.localTax) of an intra-state supply, else 0. */
  cgstPaise: number;
  sgstPaise: number;
  /** IGST of an inter-state supply, else 0. */
  igstPaise: number;
  ratePercent: number;
  placeOfSupplyCode: string;
  intraState: boolean;
}

/**
 * Splits a tax-inclusive total. The taxes are the total less the rounded taxable value, so the
 * three parts always add up to what the customer paid.
 *
 * A customer whose state is unknown is an unregistered recipient without an address on record: the
 * place of supply is then the supplier's location (IGST Act section 12(2)(b)(ii)).
 */
export function gstBreakdown(input: GstBreakdownInput): GstBreakdown {
  const { totalPaise, supplierStateCode } = input;
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) {
    throw new RangeError(`totalPaise must be a non-negative integer, got ${totalPaise}`);
  }
  requireState(supplierStateCode, 'supplierStateCode');
  const placeOfSupplyCode = input.placeOfSupplyCode ?? supplierStateCode;
  requireState(placeOfSupplyCode, 'placeOfSupplyCode');

  // total * 100 is an even integer and 118 * k + 59 is odd, so the quotient is never a tie.
  const taxablePaise = Math.round((totalPaise * 100) / (100 + GST_RATE_PERCENT));
  const taxPaise = totalPaise - taxablePaise;
  const intraState = placeOfSupplyCode === supplierStateCode;
  const cgstPaise = intraState ? Math.floor(taxPaise / 2) : 0;
  return {
    taxablePaise,
    cgstPaise,
    sgstPaise: intraState ? taxPaise - cgstPaise : 0,
    igstPaise: intraState ? 0 : taxPaise,
    ratePercent: GST_RATE_PERCENT,
    placeOfSupplyCode,
    intraState,
  };
}

function requireState(code: string, field: string): void {
  if (!statesByCode.has(code)) throw new RangeError(`${field} is not a GST state code: ${code}`);
}

const ones = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99. */
function twoDigits(n: number): string {
  if (n < 20) return ones[n] ?? '';
  const unit = n % 10;
  const ten = tens[Math.floor(n / 10)] ?? '';
  return unit === 0 ? ten : `${ten}-${ones[unit] ?? ''}`;
}

/** A positive whole number in the Indian system: hundreds, thousands, lakhs, crores of crores. */
function indianWords(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor(n / 100_000) % 100;
  const thousand = Math.floor(n / 1000) % 100;
  const hundred = Math.floor(n / 100) % 10;
  const rest = n % 100;
  if (crore > 0) parts.push(`${indianWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${twoDigits(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${twoDigits(thousand)} Thousand`);
  if (hundred > 0) parts.push(`${twoDigits(hundred)} Hundred`);
  if (rest > 0) parts.push(twoDigits(rest));
  return parts.join(' ');
}

/** The amount in words as Indian invoices write it: 'Rupees One Lakh Twenty-Three Thousand … Only'. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`paise must be a non-negative integer, got ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rest === 0) return `Rupees ${rupees === 0 ? 'Zero' : indianWords(rupees)} Only`;
  if (rupees === 0) return `${twoDigits(rest)} Paise Only`;
  return `Rupees ${indianWords(rupees)} and ${twoDigits(rest)} Paise Only`;
}

/** INV-000042. Rule 46(b) allows 16 characters, so ids up to 12 digits fit. */
export function invoiceNumber(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`invoice id must be a positive integer, got ${id}`);
  return `INV-${String(id).padStart(6, '0')}`;
}

/** State code, PAN (5 letters, 4 digits, a letter), entity number (1-9, A-Z), 'Z', check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const base36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN check character (Luhn mod 36): the first 14 characters as base-36 values, weighted 1
 * and 2 alternately from the left, each product reduced to quotient + remainder by 36, summed; the
 * check is what brings the sum to a multiple of 36.
 */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = base36.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return base36.charAt((36 - (sum % 36)) % 36);
}

/** Whether a GSTIN (upper case, no spaces) has the right shape, a known state code and check character. */
export function gstinValid(gstin: string): boolean {
  return GSTIN_PATTERN.test(gstin) && statesByCode.has(gstin.slice(0, 2)) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14);
}
