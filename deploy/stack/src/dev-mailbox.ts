import type { FastifyInstance } from 'fastify';
import { escapeHtml, readLocalMailbox, type StoredMail } from '@betterplus/kit';

const renderMail = (mail: StoredMail): string => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} &middot; from ${escapeHtml(mail.from)} &middot; <time>${escapeHtml(mail.sentAt)}</time></p>
  <pre>${escapeHtml(mail.text)}</pre>
</article>`;

/**
 * The local mailbox, readable in a browser: what the embedded stack "sent", newest first.
 * Registered only by the embedded stack, which is the only one that uses the local mailbox.
 */
export function devMailboxRoutes(app: FastifyInstance, mailboxDir: string): void {
  app.get('/dev/mailbox.json', async () => readLocalMailbox(mailboxDir));
  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await readLocalMailbox(mailboxDir);
    void reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox · Better+</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f1637}
article{border:1px solid #ddd6fe;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#6b6480;font-size:.9rem}
pre{white-space:pre-wrap;background:#f5f3ff;padding:.75rem;border-radius:6px}</style></head>
<body><h1>Local mailbox</h1><p>Mail the embedded stack would have sent, newest first. Nothing here left this machine.</p>
${mails.length === 0 ? '<p>No mail yet.</p>' : mails.map(renderMail).join('\n')}</body></html>`;
  });
}
