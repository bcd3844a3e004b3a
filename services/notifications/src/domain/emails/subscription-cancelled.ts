import { escapeHtml, type MailMessage } from '@betterplus/kit';
import { formatIndiaDate } from '@betterplus/kit';
import { layout, signature } from './layout.ts';

/** The spec's refund policy: a cancelled Premium runs to the end of its paid period and is not refunded. */
export const noRefunds = 'Payments already made are not refunded.';

/** Confirms a cancellation: Premium lasts until `accessUntil` (the paid period's end), then Basic. */
export function subscriptionCancelledEmail(to: { name: string; email: string }, accessUntil: Date | undefined): MailMessage {
  const subject = 'Your Better+ Premium subscription is cancelled';
  const until = accessUntil ? `until ${formatIndiaDate(accessUntil)}` : 'until the end of the period you have paid for';
  const body = `Your Better+ Premium subscription has been cancelled, and you will not be charged again. You can keep using Premium ${until}; after that your account moves to the Basic plan.`;
  const text = `Hello ${to.name},

${body}

${noRefunds}

${signature}`;
  const html = layout(
    'Subscription cancelled',
    `<p>Hello ${escapeHtml(to.name)},</p>
<p>${escapeHtml(body)}</p>
<p style="color:#6b6480">${noRefunds}</p>
<p>${signature}</p>`,
  );
  return { to: to.email, subject, text, html };
}
