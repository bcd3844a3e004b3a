import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors.ts';
import { saveFile } from '../../../app/saveFile.ts';
import { invoicePdf, invoiceQuery, type Invoice } from '../../../billing/api.ts';
import { formatIndiaDate, formatInr } from '../../../billing/format.ts';
import { PREMIUM_PLAN } from '../../../billing/plans.ts';
import { Notice } from '../../../components/Notice.tsx';
import { ButtonLink } from '../../../components/RouterLink.tsx';
import './invoice.css';

const pageStyle = { maxWidth: 880, margin: '0 auto', padding: 'clamp(24px, 5vw, 48px) 16px' } as const;


/** One invoice (spec section 2): a GST tax invoice under CGST Rule 46, printable and as the server's PDF. */
export function InvoicePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { key } = useLocation();
  const { data: invoice, error } = useQuery(invoiceQuery(id));

  if (error) {
    return (
      <Flex vertical gap="middle" align="flex-start" style={pageStyle}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
          Invoice
        </Typography.Title>
        <div style={{ alignSelf: 'stretch' }}>
          <Notice type="error" text={errorMessage('fetchInvoice', error)} />
        </div>
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => {
            // Opened from outside the app (a bookmark, a mail) there is nothing to go back to in it.
            void (key === 'default' ? navigate('/profile') : navigate(-1));
          }}
        >
          Go Back
        </Button>
      </Flex>
    );
  }
  if (!invoice) {
    return (
      <div style={pageStyle} role="status" aria-label="Loading the invoice">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }
  return <InvoiceDocument invoice={invoice} />;
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { supplier, buyer, tax, place_of_supply: placeOfSupply } = invoice;
  const half = tax.rate / 2;
  const taxLines: [label: string, paise: number][] =
    tax.igst > 0 ? [[`IGST @ ${tax.rate}%`, tax.igst]] : [[`CGST @ ${half}%`, tax.cgst], [`${tax.local_tax} @ ${half}%`, tax.sgst]];
  const planName = invoice.plan === 'premium' ? PREMIUM_PLAN.name : invoice.plan;

  async function downloadPdf() {
    setDownloading(true);
    setDownloadError(null);
    try {
      // Fetched with the token (a plain link would go without it), then saved under the invoice's number.
      saveFile(await invoicePdf(invoice.id), `${invoice.number}.pdf`);
    } catch (error) {
      setDownloadError(errorMessage('downloadInvoice', error));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div style={pageStyle}>
      <Flex className="invoice-actions" wrap gap="small" justify="space-between" style={{ marginBottom: 16 }}>
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
          <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadPdf()}>
            Download PDF
          </Button>
        </Flex>
      </Flex>
      <div className="invoice-actions">
        <Notice type="error" text={downloadError} />
      </div>

      <article className="invoice" aria-labelledby="invoice-title">
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

        <table className="invoice-totals">
          <caption className="invoice-caption">Totals</caption>
          <tbody>
            <tr>
              <th scope="row">Taxable value</th>
              <td className="invoice-amount">{formatInr(invoice.taxable_amount)}</td>
            </tr>
            {taxLines.map(([label, paise]) => (
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
        <p className="invoice-words">
          <strong>Amount in words:</strong> {invoice.amount_in_words}
        </p>
        <p className="invoice-note">Tax payable on reverse charge: No</p>

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
        <p className="invoice-note">This is a computer-generated invoice and needs no signature.</p>
      </article>
    </div>
  );
}
