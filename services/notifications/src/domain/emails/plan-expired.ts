import { escapeHtml, type MailMessage } from '@betterplus/kit';
import { planName } from '../india-format.ts';
import { button, layout, productLink, signature } from './layout.ts';

/** Premium reached the end of its paid period: the account is back on Basic, and Premium is a click away. */
export function planExpiredEmail(to: { name: string; email: string }, plan: string, publicUrl: string): MailMessage {
  const upgradeUrl = productLink(publicUrl, '/profile#choose-a-plan');
  const ended = planName(plan);
  const subject = `Your Better+ ${ended} plan has ended`;
  const body = `Your Better+ ${ended} plan has ended, and your account is back on the Basic plan: 1 query a month.`;
  const upgrade = 'To ask more, upgrade to Premium:';
  const text = `Hello ${to.name},

${body}

${upgrade} ${upgradeUrl}

${signature}`;
  const html = layout(
    `Your ${ended} plan has ended`,
    `<p>Hello ${escapeHtml(to.name)},</p>
<p>${escapeHtml(body)}</p>
${button(upgradeUrl, 'Upgrade to Premium')}
<p>${signature}</p>`,
  );
  return { to: to.email, subject, text, html };
}
