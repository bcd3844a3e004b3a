import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback standing in for the mail provider. It keeps what it accepts,
 * refuses the next `refuseNext` messages with a temporary error, and can go down and come back
 * on the same port, as a provider having trouble would.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { refuseNext: 0, refused: 0 };
  const listen = async (port: number) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (state.refuseNext > 0) {
            state.refuseNext -= 1;
            state.refused += 1;
            callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
            return;
          }
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  let server = await listen(0);
  const { port } = server.server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    received,
    state,
    close,
    down: close,
    async up() {
      server = await listen(port);
    },
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A mail's raw text with quoted-printable soft line breaks undone, so long lines read whole. */
export const unfolded = (raw: string): string => raw.replace(/=\r?\n/g, '');
