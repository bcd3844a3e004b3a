// The test cluster's mail sink, standing in for the mail provider as a provider's test inbox
// would: a real SMTP server (smtp-server) that accepts every message notifications sends, keeps
// the latest in memory, and an HTTP API that lists them for the tests.
//   SMTP on $SMTP_PORT (2525), HTTP on $HTTP_PORT (8080): GET /messages, GET /healthz.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

interface Mail {
  from: string;
  to: string[];
  subject: string;
  /** The message as received, with quoted-printable soft line breaks undone so a code reads whole. */
  raw: string;
  receivedAt: string;
}

const KEEP = 1000;
const mails: Mail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/=\r?\n/g, '');
      const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), subject, raw, receivedAt: new Date().toISOString() });
      mails.splice(0, Math.max(0, mails.length - KEEP));
      callback();
    });
  },
});

const api = createServer((request, response) => {
  const reply = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (request.method === 'GET' && request.url === '/messages') reply(200, mails);
  else if (request.method === 'GET' && request.url === '/healthz') reply(200, { status: 'ok' });
  else reply(404, { error: 'Not found' });
});

smtp.listen(Number(process.env.SMTP_PORT ?? 2525), '0.0.0.0');
api.listen(Number(process.env.HTTP_PORT ?? 8080), '0.0.0.0');
process.once('SIGTERM', () => {
  api.close();
  smtp.close(() => process.exit(0));
});
