import { escapeHtml } from '@betterplus/kit';

/** The branded frame every email shares; `body` is trusted HTML built from escaped parts. */
export function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f1637">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#6d28d9;color:#ffffff;padding:20px 28px;font-size:22px;font-weight:bold">Better+</td></tr>
<tr><td style="padding:28px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#6b6480;border-top:1px solid #ede9fe">Better+ &middot; your knowledge assistant for all things impact</td></tr>
</table></td></tr></table></body></html>`;
}

/** The violet call-to-action link the emails share. */
export const button = (href: string, label: string): string =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#6d28d9;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

/** `publicUrl` plus a path, whether or not the setting ends with a slash. */
export const productLink = (publicUrl: string, path: string): string => `${publicUrl.replace(/\/$/, '')}${path}`;

export const signature = 'The Better+ team';
