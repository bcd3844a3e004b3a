import { escapeHtml, type MailMessage } from '@betterplus/kit';
import { layout, signature } from './layout.ts';

export interface ContactMessage {
  messageId: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** The spec's promise to people who write in (section 9, support reply time). */
export const supportReplyTime = 'within 24-48 hours';

/** The form's content for the support team; replying answers the sender directly. */
export function contactSupportEmail(contact: ContactMessage, supportEmail: string): MailMessage {
  const subject = `Contact form: ${contact.subject}`;
  const text = `${contact.name} <${contact.email}> wrote through the contact form.

Subject: ${contact.subject}

${contact.message}

Reply to this email to answer ${contact.name} directly (message ${contact.messageId}).`;
  const html = layout(
    'New contact form message',
    `<p><strong>${escapeHtml(contact.name)}</strong> &lt;${escapeHtml(contact.email)}&gt; wrote through the contact form.</p>
<p><strong>Subject:</strong> ${escapeHtml(contact.subject)}</p>
<div style="margin:16px 0;padding:16px;background:#f5f3ff;border-radius:8px;white-space:pre-wrap">${escapeHtml(contact.message)}</div>
<p style="font-size:13px;color:#6b6480">Reply to this email to answer ${escapeHtml(contact.name)} directly (message ${escapeHtml(contact.messageId)}).</p>`,
  );
  return { to: supportEmail, replyTo: contact.email, subject, text, html };
}

/**
 * Tells the sender the message arrived. It repeats neither the subject nor the message: anyone
 * can type any address into the form, and echoing their text would let them mail it to strangers.
 */
export function contactAcknowledgementEmail(contact: Pick<ContactMessage, 'name' | 'email'>): MailMessage {
  const subject = 'We received your message';
  const body = `Thank you for contacting Better+. Our support team has your message and will reply ${supportReplyTime}.`;
  const text = `Hello ${contact.name},

${body}

${signature}`;
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(contact.name)},</p>
<p>${body}</p>
<p>${signature}</p>`,
  );
  return { to: contact.email, subject, text, html };
}
