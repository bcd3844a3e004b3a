// A local stand-in for an OpenAI-compatible model server: it speaks the chat-completions protocol
// (a JSON completion, or a stream of server-sent chunks ending in [DONE]), so the real `openai`
// SDK talks to it. Each test says what it answers next.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Scripted {
  /** The text the model "writes". */
  text?: string;
  /** An HTTP error status instead of an answer. */
  status?: number;
  /** Waits this long before answering (timeouts). */
  delayMs?: number;
  /** Streams this many words, then waits for `release()` before the rest. */
  holdAfterWords?: number;
}

export interface FakeChatCompletions {
  /** Base URL for the SDK (`OPENAI_BASE_URL`), ending in /v1. */
  baseUrl: string;
  /** What the next requests are answered with. */
  script(next: Scripted): void;
  /** Lets held streams go on. */
  release(): void;
  /** The bodies of the requests received, oldest first. */
  requests: { model: string; stream?: boolean; messages: { role: string; content: string }[] }[];
  close(): Promise<void>;
}

const readJson = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
};

export async function startFakeChatCompletions(): Promise<FakeChatCompletions> {
  let scripted: Scripted = { text: '' };
  let released = Promise.withResolvers<undefined>();
  const requests: FakeChatCompletions['requests'] = [];
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = (await readJson(req)) as FakeChatCompletions['requests'][number];
      requests.push(body);
      const { text = '', status, delayMs = 0, holdAfterWords } = scripted;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (res.destroyed) return;
      if (status) {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
        return;
      }
      const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: body.model };
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }, null));
      for (const [i, piece] of (text.match(/\S+\s*/g) ?? []).entries()) {
        if (i === holdAfterWords) await released.promise;
        res.write(chunk({ content: piece }, null));
      }
      res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/v1`,
    script(next) {
      scripted = next;
      released = Promise.withResolvers<undefined>();
    },
    release() {
      released.resolve(undefined);
    },
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
