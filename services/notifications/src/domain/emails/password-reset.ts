import { escapeHtml, type MailMessage } from '@betterplus/kit';
import { button, layout, productLink, signature } from './layout.ts';

/** The address of the web app's reset page for one token (spec section 2: /reset-password?token=). */
export const resetLink = (publicUrl: string, token: string): string => productLink(publicUrl, `/reset-password?token=${encodeURIComponent(token)}`);

export function passwordResetEmail(to: { name: string; email: string }, token: string, publicUrl: string, validMinutes: number): MailMessage {
  const link = resetLink(publicUrl, token);
  const subject = 'Reset your Better+ password';
  const intro = 'We received a request to reset the password of your Better+ account. Open this link to choose a new one:';
  const validity = `The link is valid for ${validMinutes} minutes.`;
  const ignore = 'If you did not ask to reset your password, you can ignore this email: your password stays as it is.';
  const text = `Hello ${to.name},

${intro}

${link}

${validity}

${ignore}

${signature}`;
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(to.name)},</p>
<p>${intro}</p>
${button(link, 'Choose a new password')}
<p style="font-size:13px;color:#6b6480;word-break:break-all">Or paste this address into your browser: <a href="${escapeHtml(link)}" style="color:#6d28d9">${escapeHtml(link)}</a></p>
<p>${validity}</p>
<p style="color:#6b6480">${ignore}</p>
<p>${signature}</p>`,
  );
  return { to: to.email, subject, text, html };
}
