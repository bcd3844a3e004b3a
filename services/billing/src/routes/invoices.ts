import { ErrorResponse, Type, currentUser, notFound, type ServiceApp, type ServiceDeps, type Static } from '@betterplus/kit';
import { invoiceOf, invoicesOf, type InvoiceParty, type InvoiceRow } from '../db/invoices.ts';
import { GST_RATE_PERCENT, SAC_ONLINE_INFORMATION, amountInWords, invoiceNumber, stateByCode } from '../domain/gst.ts';
import { renderInvoicePdf } from '../domain/invoice-pdf.ts';
import { IndianState } from '../contracts/schemas.ts';

const Invoice = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  amount: Type.Integer({ description: 'Paise, tax included' }),
  created_at: Type.String({ format: 'date-time' }),
  plan: Type.String(),
  payment_id: Type.String(),
  currency: Type.Literal('INR'),
  period_start: Type.String({ format: 'date-time' }),
  period_end: Type.String({ format: 'date-time' }),
  sac: Type.String(),
  taxable_amount: Type.Integer(),
  tax: Type.Object({
    rate: Type.Integer(),
    cgst: Type.Integer(),
    sgst: Type.Integer({ description: 'State tax, or union territory tax where local_tax says UTGST' }),
    igst: Type.Integer(),
    local_tax: Type.Union([Type.Literal('SGST'), Type.Literal('UTGST')]),
  }),
  place_of_supply: IndianState,
  supplier: Type.Object({
    name: Type.String(),
    address: Type.Union([Type.String(), Type.Null()]),
    gstin: Type.Union([Type.String(), Type.Null()]),
    state: IndianState,
  }),
  buyer: Type.Object({
    name: Type.String(),
    email: Type.String(),
    gstin: Type.Union([Type.String(), Type.Null()]),
    state: Type.Union([IndianState, Type.Null()]),
  }),
  amount_in_words: Type.String(),
});
type Invoice = Static<typeof Invoice>;

const stateJson = (code: string): IndianState => ({ code, name: stateByCode(code)?.name ?? code });
const partyState = (party: InvoiceParty) => (party.stateCode ? stateJson(party.stateCode) : null);

function invoiceJson(invoice: InvoiceRow): Invoice {
  return {
    id: invoice.id,
    number: invoiceNumber(invoice.id),
    amount: invoice.amount_paise,
    created_at: invoice.created_at.toISOString(),
    plan: invoice.plan,
    payment_id: invoice.payment_id,
    currency: 'INR',
    period_start: invoice.period_start.toISOString(),
    period_end: invoice.period_end.toISOString(),
    sac: SAC_ONLINE_INFORMATION,
    taxable_amount: invoice.taxable_paise,
    tax: {
      rate: GST_RATE_PERCENT,
      cgst: invoice.cgst_paise,
      sgst: invoice.sgst_paise,
      igst: invoice.igst_paise,
      local_tax: stateByCode(invoice.place_of_supply)?.localTax ?? 'SGST',
    },
    place_of_supply: stateJson(invoice.place_of_supply),
    supplier: {
      name: invoice.supplier.name,
      address: invoice.supplier.address ?? null,
      gstin: invoice.supplier.gstin,
      state: stateJson(invoice.supplier.stateCode ?? invoice.place_of_supply),
    },
    buyer: { name: invoice.buyer.name, email: invoice.buyer.email ?? '', gstin: invoice.buyer.gstin, state: partyState(invoice.buyer) },
    amount_in_words: amountInWords(invoice.amount_paise),
  };
}

const InvoiceId = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export function invoiceRoutes(app: ServiceApp, deps: Pick<ServiceDeps, 'db' | 'authenticate'>): void {
  const own = async (userId: string, id: number): Promise<InvoiceRow> => {
    const invoice = await invoiceOf(deps.db, userId, id);
    if (!invoice) throw notFound('Invoice not found', 'INVOICE_NOT_FOUND');
    return invoice;
  };

  app.get(
    '/api/invoices',
    {
      preHandler: deps.authenticate,
      schema: { summary: "The signed-in user's invoices, newest first", response: { 200: Type.Array(Invoice), 401: ErrorResponse } },
    },
    async (request) => (await invoicesOf(deps.db, currentUser(request).userId)).map(invoiceJson),
  );

  app.get(
    '/api/invoices/:id',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: "One of the signed-in user's invoices (404 for anyone else's)",
        params: InvoiceId,
        response: { 200: Invoice, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => invoiceJson(await own(currentUser(request).userId, request.params.id)),
  );

  app.get(
    '/api/invoices/:id/pdf',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'The GST tax invoice as a PDF',
        params: InvoiceId,
        response: {
          200: {
            description: 'The invoice as a PDF file',
            content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
          },
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const invoice = await own(currentUser(request).userId, request.params.id);
      const pdf = await renderInvoicePdf({
        number: invoiceNumber(invoice.id),
        issuedAt: invoice.created_at,
        paymentId: invoice.payment_id,
        plan: invoice.plan,
        periodStart: invoice.period_start,
        periodEnd: invoice.period_end,
        totalPaise: invoice.amount_paise,
        breakdown: {
          taxablePaise: invoice.taxable_paise,
          cgstPaise: invoice.cgst_paise,
          sgstPaise: invoice.sgst_paise,
          igstPaise: invoice.igst_paise,
          ratePercent: GST_RATE_PERCENT,
          placeOfSupplyCode: invoice.place_of_supply,
          intraState: invoice.igst_paise === 0,
        },
        supplier: {
          name: invoice.supplier.name,
          address: invoice.supplier.address ?? null,
          gstin: invoice.supplier.gstin,
          stateCode: invoice.supplier.stateCode ?? invoice.place_of_supply,
        },
        buyer: { name: invoice.buyer.name, email: invoice.buyer.email ?? '', gstin: invoice.buyer.gstin, stateCode: invoice.buyer.stateCode },
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceNumber(invoice.id)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
