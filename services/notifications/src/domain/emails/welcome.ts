import { escapeHtml, type MailMessage } from '@betterplus/kit';
import { button, layout, productLink, signature } from './layout.ts';

export function welcomeEmail(to: { name: string; email: string }, publicUrl: string): MailMessage {
  const chatUrl = productLink(publicUrl, '/chat');
  const subject = 'Welcome to Better+';
  const intro =
    'Welcome to Better+, your knowledge assistant for all things impact in India: solutions, success stories, guides, organisations and changemakers.';
  const text = `Hello ${to.name},

${intro}

Ask your first question: ${chatUrl}

${signature}`;
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(to.name)},</p>
<p>${intro}</p>
${button(chatUrl, 'Ask your first question')}
<p>${signature}</p>`,
  );
  return { to: to.email, subject, text, html };
}
