import { escapeHtml, type MailMessage } from '@betterplus/kit';
import { formatRupees } from '@betterplus/kit';
import { button, layout, productLink, signature } from './layout.ts';

/** A subscription charge that failed; Razorpay tries it again before it halts the subscription. */
export function paymentFailedEmail(to: { name: string; email: string }, failure: { amountPaise: bigint; reason: string }, publicUrl: string): MailMessage {
  const profileUrl = productLink(publicUrl, '/profile');
  const subject = 'Your Better+ payment did not go through';
  const intro = `The charge of ${formatRupees(Number(failure.amountPaise))} for your Better+ Premium subscription did not go through.`;
  const reason = failure.reason ? `The payment provider said: ${failure.reason}` : undefined;
  const retry = 'Razorpay will try the charge again automatically. To make sure it succeeds, please update your payment method on your profile.';
  const text = `Hello ${to.name},

${intro}${reason ? `\n\n${reason}` : ''}

${retry}

${profileUrl}

${signature}`;
  const html = layout(
    'Your payment did not go through',
    `<p>Hello ${escapeHtml(to.name)},</p>
<p>${escapeHtml(intro)}</p>
${reason ? `<p style="color:#6b6480">${escapeHtml(reason)}</p>\n` : ''}<p>${escapeHtml(retry)}</p>
${button(profileUrl, 'Update your payment method')}
<p>${signature}</p>`,
  );
  return { to: to.email, subject, text, html };
}
