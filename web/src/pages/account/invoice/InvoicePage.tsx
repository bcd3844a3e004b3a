import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Flex, Skeleton } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors.ts';
import { saveFile } from '../../../app/saveFile.ts';
import { invoicePdf, invoiceQuery, type Invoice } from '../../../billing/api.ts';
import { formatIndiaDate, formatInr } from '../../../billing/format.ts';
import { PREMIUM_PLAN } from '../../../billing/plans.ts';
import { Notice } from '../../../components/Notice.tsx';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { ButtonLink } from '../../../components/RouterLink.tsx';
import './invoice.css';

/** One invoice (spec section 2): a GST tax invoice under CGST Rule 46, printable and as the server's PDF. */
export function InvoicePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { key } = useLocation();
  const { data: invoice, error } = useQuery(invoiceQuery(id));

  if (error) {
    return (
      <PageLayout width="medium" title="Invoice">
        <Notice type="error" text={errorMessage('fetchInvoice', error)} />
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => {
            // Opened from outside the app (a bookmark, a mail) there is nothing to go back to in it.
            void (key === 'default' ? navigate('/profile') : navigate(-1));
          }}
        >
          Go Back
        </Button>
      </PageLayout>
    );
  }
  if (!invoice) {
    return (
      <PageLayout width="medium">
        <div role="status" aria-label="Loading the invoice">
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      </PageLayout>
    );
  }
  return (
    <PageLayout width="medium">
      <InvoiceActions invoice={invoice} />
      <InvoiceDocument invoice={invoice} />
    </PageLayout>
  );
}

/** Back, Print and Download PDF: on screen only, never on paper. */
function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const download = useMutation({
    // Fetched with the token (a plain link would go without it), then saved under the invoice's number.
    mutationFn: async () => {
      saveFile(await invoicePdf(invoice.id), `${invoice.number}.pdf`);
    },
  });
  return (
    <div className="invoice-actions">
      <Flex wrap gap="small" justify="space-between" className="invoice-action-bar">
        <ButtonLink to="/profile" icon={<ArrowLeftOutlined />}>
          Back to Profile
        </ButtonLink>
        <Flex wrap gap="small">
          <Button
            icon={<PrinterOutlined />}
            onClick={() => {
              window.print();
            }}
          >
            Print
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={download.isPending}
            onClick={() => {
              download.mutate();
            }}
          >
            Download PDF
          </Button>
        </Flex>
      </Flex>
      <Notice type="error" text={download.isError ? errorMessage('downloadInvoice', download.error) : null} />
    </div>
  );
}

/** The GST tax invoice itself (CGST Rule 46), as it reads on screen and on paper. */
function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  return (
    <article className="invoice" aria-labelledby="invoice-title">
      <InvoiceHead invoice={invoice} />
      <BillTo buyer={invoice.buyer} />
      <InvoiceItems invoice={invoice} />
      <InvoiceTotals invoice={invoice} />
      <p className="invoice-words">
        <strong>Amount in words:</strong> {invoice.amount_in_words}
      </p>
      <p className="invoice-note">Tax payable on reverse charge: No</p>
      <PaymentInformation invoice={invoice} />
      <InvoiceTerms />
      <p className="invoice-note">This is a computer-generated invoice and needs no signature.</p>
    </article>
  );
}

/** The supplier, and the invoice's title, number, date and place of supply. */
function InvoiceHead({ invoice }: { invoice: Invoice }) {
  const { supplier, place_of_supply: placeOfSupply } = invoice;
  return (
    <header className="invoice-head">
      <address className="invoice-party">
        <strong className="invoice-supplier-name">{supplier.name}</strong>
        {supplier.address !== null && <span className="invoice-address">{supplier.address}</span>}
        {supplier.gstin !== null && <span>GSTIN: {supplier.gstin}</span>}
        <span>
          State: {supplier.state.name} (code {supplier.state.code})
        </span>
      </address>
      <div className="invoice-heading">
        <h1 id="invoice-title" className="invoice-h1">
          Tax Invoice
        </h1>
        <dl className="invoice-facts">
          <dt>Invoice number</dt>
          <dd>{invoice.number}</dd>
          <dt>Invoice date</dt>
          <dd>{formatIndiaDate(invoice.created_at)}</dd>
          <dt>Place of supply</dt>
          <dd>
            {placeOfSupply.name} ({placeOfSupply.code})
          </dd>
        </dl>
      </div>
    </header>
  );
}

function BillTo({ buyer }: { buyer: Invoice['buyer'] }) {
  return (
    <section className="invoice-section" aria-labelledby="invoice-bill-to">
      <h2 id="invoice-bill-to" className="invoice-h2">
        Bill to
      </h2>
      <address className="invoice-party">
        <strong>{buyer.name}</strong>
        <span>{buyer.email}</span>
        {buyer.gstin !== null && <span>GSTIN: {buyer.gstin}</span>}
        {buyer.state !== null && (
          <span>
            State: {buyer.state.name} (code {buyer.state.code})
          </span>
        )}
      </address>
    </section>
  );
}

function InvoiceItems({ invoice }: { invoice: Invoice }) {
  const planName = invoice.plan === 'premium' ? PREMIUM_PLAN.name : invoice.plan;
  return (
    <table className="invoice-table">
      <caption className="invoice-caption">Items</caption>
      <thead>
        <tr>
          <th scope="col">Description</th>
          <th scope="col">SAC</th>
          <th scope="col">Period</th>
          <th scope="col" className="invoice-amount">
            Taxable value
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>Better+ {planName} Plan, monthly subscription</td>
          <td>{invoice.sac}</td>
          <td>
            {formatIndiaDate(invoice.period_start)} – {formatIndiaDate(invoice.period_end)}
          </td>
          <td className="invoice-amount">{formatInr(invoice.taxable_amount)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** IGST between states; CGST and SGST (or UTGST) at half the rate each within one. */
function taxLinesOf({ rate, cgst, sgst, igst, local_tax: localTax }: Invoice['tax']): [label: string, paise: number][] {
  const half = rate / 2;
  return igst > 0
    ? [[`IGST @ ${rate}%`, igst]]
    : [
        [`CGST @ ${half}%`, cgst],
        [`${localTax} @ ${half}%`, sgst],
      ];
}

function InvoiceTotals({ invoice }: { invoice: Invoice }) {
  return (
    <table className="invoice-totals">
      <caption className="invoice-caption">Totals</caption>
      <tbody>
        <tr>
          <th scope="row">Taxable value</th>
          <td className="invoice-amount">{formatInr(invoice.taxable_amount)}</td>
        </tr>
        {taxLinesOf(invoice.tax).map(([label, paise]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className="invoice-amount">{formatInr(paise)}</td>
          </tr>
        ))}
        <tr className="invoice-total">
          <th scope="row">Total ({invoice.currency})</th>
          <td className="invoice-amount">{formatInr(invoice.amount)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function PaymentInformation({ invoice }: { invoice: Invoice }) {
  return (
    <section className="invoice-section" aria-labelledby="invoice-payment">
      <h2 id="invoice-payment" className="invoice-h2">
        Payment information
      </h2>
      <dl className="invoice-facts">
        <dt>Payment ID</dt>
        <dd>{invoice.payment_id}</dd>
        <dt>Paid through</dt>
        <dd>Razorpay</dd>
        <dt>Amount paid</dt>
        <dd>{formatInr(invoice.amount)}</dd>
      </dl>
    </section>
  );
}

function InvoiceTerms() {
  return (
    <section className="invoice-section" aria-labelledby="invoice-terms">
      <h2 id="invoice-terms" className="invoice-h2">
        Terms
      </h2>
      <ul className="invoice-terms">
        <li>Payments are non-refundable.</li>
        <li>The subscription renews automatically every month unless cancelled.</li>
        <li>Cancelling keeps your access until the end of the current billing cycle.</li>
      </ul>
    </section>
  );
}
