import { escapeHtml, formatIndiaDate, formatRupees, type MailMessage } from '@betterplus/kit';
import { planName } from '../india-format.ts';
import { button, layout, productLink, signature } from './layout.ts';

export interface Receipt {
  plan: string;
  invoiceId: bigint;
  invoiceNumber: string;
  amountPaise: bigint;
  /** The paid period; left out of the mail when the event did not state it. */
  period?: { start: Date; end: Date } | undefined;
}

/** The invoice page of the web app (`/invoices/:id`). */
export const invoiceLink = (publicUrl: string, invoiceId: bigint): string => productLink(publicUrl, `/invoices/${String(invoiceId)}`);

/** Confirms a charge: what was paid, for which plan and period, and where the invoice is. */
export function paymentReceiptEmail(to: { name: string; email: string }, receipt: Receipt, publicUrl: string): MailMessage {
  const link = invoiceLink(publicUrl, receipt.invoiceId);
  const plan = planName(receipt.plan);
  const subject = `Your Better+ receipt ${receipt.invoiceNumber}`;
  const intro = `Thank you for your payment. Your Better+ ${plan} plan is active.`;
  const lines: [string, string][] = [
    ['Plan', plan],
    ['Amount paid', formatRupees(Number(receipt.amountPaise))],
    ['Invoice', receipt.invoiceNumber],
    ...(receipt.period ? [['Period', `${formatIndiaDate(receipt.period.start)} to ${formatIndiaDate(receipt.period.end)}`] as [string, string]] : []),
  ];
  const text = `Hello ${to.name},

${intro}

${lines.map(([label, value]) => `${label}: ${value}`).join('\n')}

Your invoice: ${link}

${signature}`;
  const html = layout(
    'Payment received',
    `<p>Hello ${escapeHtml(to.name)},</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">${lines
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 16px 4px 0;color:#6b6480">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
${button(link, 'View your invoice')}
<p>${signature}</p>`,
  );
  return { to: to.email, subject, text, html };
}
