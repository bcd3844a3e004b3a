import type { MailMessage } from '@betterplus/kit';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The branded frame every email shares; `body` is trusted HTML built from escaped parts. */
function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f1637">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#6d28d9;color:#ffffff;padding:20px 28px;font-size:22px;font-weight:bold">Better+</td></tr>
<tr><td style="padding:28px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#6b6480;border-top:1px solid #ede9fe">Better+ &middot; your knowledge assistant for all things impact</td></tr>
</table></td></tr></table></body></html>`;
}

export function welcomeEmail(to: { name: string; email: string }, publicUrl: string): MailMessage {
  const chatUrl = `${publicUrl.replace(/\/$/, '')}/chat`;
  const subject = 'Welcome to Better+';
  const text = `Hello ${to.name},

Welcome to Better+, your knowledge assistant for all things impact in India: solutions, success stories, guides, organisations and changemakers.

Ask your first question: ${chatUrl}

The Better+ team`;
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(to.name)},</p>
<p>Welcome to Better+, your knowledge assistant for all things impact in India: solutions, success stories, guides, organisations and changemakers.</p>
<p style="margin:24px 0"><a href="${escapeHtml(chatUrl)}" style="background:#6d28d9;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">Ask your first question</a></p>
<p>The Better+ team</p>`,
  );
  return { to: to.email, subject, text, html };
}
