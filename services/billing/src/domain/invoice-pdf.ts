import { formatIndiaDate, formatRupees } from '@betterplus/kit';
import PDFDocument from 'pdfkit';
import { amountInWords, type GstBreakdown, SAC_ONLINE_INFORMATION, stateByCode } from './gst.ts';

export interface InvoiceDocument {
  /** INV-000001 */
  number: string;
  /** Shown as a date in India time. */
  issuedAt: Date;
  /** Razorpay's payment id, pay_… */
  paymentId: string;
  plan: string;
  periodStart: Date;
  periodEnd: Date;
  totalPaise: number;
  /** What gstBreakdown returned for totalPaise. */
  breakdown: GstBreakdown;
  supplier: { name: string; address: string | null; gstin: string | null; stateCode: string };
  /** address is optional: Rule 46(d) wants it for a registered recipient, when the product has it. */
  buyer: { name: string; email: string; gstin: string | null; stateCode: string | null; address?: string | null };
}

const A4_WIDTH = 595.28;
const MARGIN = 50;
const CONTENT_WIDTH = A4_WIDTH - 2 * MARGIN;
const RIGHT_COLUMN_X = 340;
const RIGHT_COLUMN_WIDTH = A4_WIDTH - MARGIN - RIGHT_COLUMN_X;
const MUTED = '#555555';
const RULE = '#cccccc';

/** 'INR 2,499.00': the standard PDF fonts have no glyph for '₹'. */
function inr(paise: number): string {
  return formatRupees(paise).replace('₹', 'INR ');
}

function stateLabel(code: string): string {
  const state = stateByCode(code);
  return state ? `${state.name} (${code})` : code;
}

// The characters Helvetica draws: WinAnsiEncoding, which is Latin-1 plus these.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The standard fonts have no glyphs outside WinAnsiEncoding (a name in Devanagari, say): such
 * characters would print as garbage, so they print as '?'.
 */
function drawable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    out += latin1 || winAnsiExtras.has(char) ? char : '?';
  }
  return out;
}

/**
 * Renders one A4 page that carries the particulars of a tax invoice under CGST Rule 46. The
 * option compress: false leaves the content stream readable, for tests.
 */
export function renderInvoicePdf(invoice: InvoiceDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { breakdown } = invoice;
  const taxes = breakdown.cgstPaise + breakdown.sgstPaise + breakdown.igstPaise;
  if (breakdown.taxablePaise + taxes !== invoice.totalPaise) {
    return Promise.reject(new RangeError(`invoice ${invoice.number}: taxable value and taxes do not add up to the total`));
  }

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: `Tax Invoice ${invoice.number}`, Author: invoice.supplier.name, CreationDate: invoice.issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });

  drawHeader(doc, invoice);
  drawParties(doc, invoice);
  drawLineItem(doc, invoice);
  drawTotals(doc, invoice);
  drawPaymentAndTerms(doc, invoice);

  doc.end();
  return done;
}

type Doc = InstanceType<typeof PDFDocument>;

function rule(doc: Doc, y: number): void {
  doc
    .save()
    .moveTo(MARGIN, y)
    .lineTo(A4_WIDTH - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
    .restore();
}

function heading(doc: Doc, text: string, x: number, y: number, width: number): void {
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(text.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  doc.fillColor('black');
}

/** A label and its value on one line of the right column. */
function field(doc: Doc, label: string, value: string, y: number): number {
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, RIGHT_COLUMN_X, y, { width: 90 });
  doc.fillColor('black').text(drawable(value), RIGHT_COLUMN_X + 90, y, { width: RIGHT_COLUMN_WIDTH - 90, align: 'right' });
  return Math.max(doc.y, y + 13);
}

function drawHeader(doc: Doc, invoice: InvoiceDocument): void {
  const { supplier } = invoice;
  doc.font('Helvetica-Bold').fontSize(20).text('Tax Invoice', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text('Original for recipient', RIGHT_COLUMN_X, MARGIN + 6, { width: RIGHT_COLUMN_WIDTH, align: 'right' });

  const top = MARGIN + 40;
  doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(drawable(supplier.name), MARGIN, top, { width: 270, height: 30, ellipsis: true });
  doc.font('Helvetica').fontSize(9);
  if (supplier.address) doc.text(drawable(supplier.address), { width: 270, height: 40, ellipsis: true });
  doc.text(`GSTIN: ${supplier.gstin ?? 'not registered'}`, { width: 270 });
  doc.text(`State: ${stateLabel(supplier.stateCode)}`, { width: 270 });
  const leftBottom = doc.y;

  let y = top + 2;
  y = field(doc, 'Invoice number', invoice.number, y);
  y = field(doc, 'Invoice date', formatIndiaDate(invoice.issuedAt), y);
  y = field(doc, 'Place of supply', stateLabel(invoice.breakdown.placeOfSupplyCode), y);
  doc.y = Math.max(leftBottom, y) + 14;
  rule(doc, doc.y);
  doc.y += 12;
}

function drawParties(doc: Doc, invoice: InvoiceDocument): void {
  const { buyer } = invoice;
  const top = doc.y;
  heading(doc, 'Billed to', MARGIN, top, 270);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(drawable(buyer.name), MARGIN, top + 13, { width: 270, height: 26, ellipsis: true });
  doc.font('Helvetica').fontSize(9).text(drawable(buyer.email), { width: 270, height: 12, ellipsis: true });
  if (buyer.address) doc.text(drawable(buyer.address), { width: 270, height: 40, ellipsis: true });
  if (buyer.gstin) doc.text(`GSTIN: ${drawable(buyer.gstin)}`, { width: 270 });
  if (buyer.stateCode) doc.text(`State: ${stateLabel(buyer.stateCode)}`, { width: 270 });
  const leftBottom = doc.y;

  heading(doc, 'Supply', RIGHT_COLUMN_X, top, RIGHT_COLUMN_WIDTH);
  let y = top + 13;
  y = field(doc, 'Supply type', invoice.breakdown.intraState ? 'Intra-state' : 'Inter-state', y);
  doc.y = Math.max(leftBottom, y) + 18;
}

// The item table: x and width of each column.
const columns = {
  index: { x: MARGIN, width: 20 },
  description: { x: MARGIN + 24, width: 250 },
  sac: { x: MARGIN + 280, width: 60 },
  quantity: { x: MARGIN + 340, width: 40 },
  value: { x: MARGIN + 385, width: CONTENT_WIDTH - 385 },
};

function drawLineItem(doc: Doc, invoice: InvoiceDocument): void {
  const top = doc.y;
  doc.save().rect(MARGIN, top, CONTENT_WIDTH, 20).fill('#f0f0f0').restore();
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  const headY = top + 6;
  doc.text('#', columns.index.x + 4, headY, { width: columns.index.width });
  doc.text('DESCRIPTION', columns.description.x, headY, { width: columns.description.width });
  doc.text('SAC', columns.sac.x, headY, { width: columns.sac.width });
  doc.text('QTY', columns.quantity.x, headY, { width: columns.quantity.width, align: 'right' });
  doc.text('TAXABLE VALUE', columns.value.x, headY, { width: columns.value.width - 4, align: 'right' });

  const rowY = top + 28;
  doc.font('Helvetica').fontSize(10).fillColor('black');
  doc.text('1', columns.index.x + 4, rowY, { width: columns.index.width });
  doc.text(`Better+ ${titleCase(invoice.plan)} Plan – monthly subscription`, columns.description.x, rowY, {
    width: columns.description.width,
    height: 26,
    ellipsis: true,
  });
  doc
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`Period: ${formatIndiaDate(invoice.periodStart)} to ${formatIndiaDate(invoice.periodEnd)}`, { width: columns.description.width });
  const rowBottom = doc.y;
  doc.fontSize(10).fillColor('black');
  doc.text(SAC_ONLINE_INFORMATION, columns.sac.x, rowY, { width: columns.sac.width });
  doc.text('1', columns.quantity.x, rowY, { width: columns.quantity.width, align: 'right' });
  doc.text(inr(invoice.breakdown.taxablePaise), columns.value.x, rowY, { width: columns.value.width - 4, align: 'right' });
  doc.y = rowBottom + 10;
  rule(doc, doc.y);
  doc.y += 10;
}

function titleCase(word: string): string {
  return drawable(word.charAt(0).toUpperCase() + word.slice(1));
}

function drawTotals(doc: Doc, invoice: InvoiceDocument): void {
  const { breakdown } = invoice;
  const half = breakdown.ratePercent / 2;
  const localTax = stateByCode(breakdown.placeOfSupplyCode)?.localTax ?? 'SGST';
  const lines: [string, number][] = breakdown.intraState
    ? [
        ['Taxable value', breakdown.taxablePaise],
        [`CGST @ ${half}%`, breakdown.cgstPaise],
        [`${localTax} @ ${half}%`, breakdown.sgstPaise],
      ]
    : [
        ['Taxable value', breakdown.taxablePaise],
        [`IGST @ ${breakdown.ratePercent}%`, breakdown.igstPaise],
      ];

  let y = doc.y;
  doc.font('Helvetica').fontSize(10);
  for (const [label, paise] of lines) {
    doc.fillColor(MUTED).text(label, RIGHT_COLUMN_X, y, { width: 100 });
    doc.fillColor('black').text(inr(paise), RIGHT_COLUMN_X + 100, y, { width: RIGHT_COLUMN_WIDTH - 104, align: 'right' });
    y += 16;
  }
  doc
    .save()
    .moveTo(RIGHT_COLUMN_X, y)
    .lineTo(A4_WIDTH - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
    .restore();
  y += 8;
  doc.font('Helvetica-Bold').fontSize(11).text('Total', RIGHT_COLUMN_X, y, { width: 100 });
  doc.text(inr(invoice.totalPaise), RIGHT_COLUMN_X + 100, y, { width: RIGHT_COLUMN_WIDTH - 104, align: 'right' });
  y += 26;

  heading(doc, 'Amount in words', MARGIN, y, CONTENT_WIDTH);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(amountInWords(invoice.totalPaise), MARGIN, y + 12, { width: CONTENT_WIDTH });
  doc.fontSize(9).text('Whether tax is payable on reverse charge: No', MARGIN, doc.y + 6, { width: CONTENT_WIDTH });
  doc.y += 14;
  rule(doc, doc.y);
  doc.y += 12;
}

function drawPaymentAndTerms(doc: Doc, invoice: InvoiceDocument): void {
  const top = doc.y;
  heading(doc, 'Payment', MARGIN, top, 270);
  doc.font('Helvetica').fontSize(9).fillColor('black');
  doc.text('Paid in full by card or UPI through Razorpay.', MARGIN, top + 13, { width: 270 });
  doc.text(`Payment ID: ${drawable(invoice.paymentId)}`, { width: 270, height: 24, ellipsis: true });
  const leftBottom = doc.y;

  heading(doc, 'Terms', RIGHT_COLUMN_X, top, RIGHT_COLUMN_WIDTH);
  doc.font('Helvetica').fontSize(9).fillColor('black');
  const terms = [
    'Payments are not refunded.',
    'The subscription renews every month unless cancelled.',
    'After cancelling, access continues to the end of the billing cycle already paid for.',
  ];
  doc.y = top + 13;
  for (const term of terms) {
    const y = doc.y;
    doc.text('•', RIGHT_COLUMN_X, y);
    doc.text(term, RIGHT_COLUMN_X + 10, y, { width: RIGHT_COLUMN_WIDTH - 10 });
  }

  const signY = Math.max(leftBottom, doc.y) + 36;
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`For ${drawable(invoice.supplier.name)}`, RIGHT_COLUMN_X, signY, { width: RIGHT_COLUMN_WIDTH, height: 24, ellipsis: true, align: 'right' });
  doc.fillColor(MUTED).text('Authorised signatory', RIGHT_COLUMN_X, signY + 30, { width: RIGHT_COLUMN_WIDTH, align: 'right' });
}
