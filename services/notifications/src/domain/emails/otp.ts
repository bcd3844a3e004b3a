import { escapeHtml, type MailMessage } from '@betterplus/kit';
import { layout, signature } from './layout.ts';

/** The one-time code that finishes a signup; the code is the first thing the reader sees. */
export function otpEmail(to: { name: string; email: string }, code: string, validMinutes: number): MailMessage {
  const subject = 'Your Better+ verification code';
  const validity = `The code is valid for ${validMinutes} minutes.`;
  const ignore = 'If you did not try to sign up for Better+, you can ignore this email.';
  const text = `Hello ${to.name},

Your Better+ verification code is:

    ${code}

Enter it on the signup page to finish creating your account. ${validity}

${ignore}

${signature}`;
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(to.name)},</p>
<p>Your Better+ verification code is:</p>
<p style="margin:24px 0;font-family:'Courier New',monospace;font-size:32px;font-weight:bold;letter-spacing:8px;color:#6d28d9">${escapeHtml(code)}</p>
<p>Enter it on the signup page to finish creating your account. ${validity}</p>
<p style="color:#6b6480">${ignore}</p>
<p>${signature}</p>`,
  );
  return { to: to.email, subject, text, html };
}
