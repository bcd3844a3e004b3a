// The worker thread embedder.ts starts: holds one embedding session and answers its requests, so
// that the model's synchronous runs never hold up the service's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { openEmbeddingSession, type EmbedderOptions } from './embedding-session.ts';

export type EmbedderRequest = { readonly id: number; readonly kind: 'query' | 'passages'; readonly texts: readonly string[] } | { readonly kind: 'close' };
export type EmbedderReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'vectors'; readonly id: number; readonly vectors: Float32Array[] }
  | { readonly kind: 'failed'; readonly id?: number; readonly message: string };

const port = parentPort;
if (!port) {
  throw new Error('embedder-worker.ts runs only as a worker thread (see embedder.ts)');
}
const reply = (message: EmbedderReply, transfer: ArrayBuffer[] = []): void => {
  port.postMessage(message, transfer);
};
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

try {
  const session = await openEmbeddingSession(workerData as EmbedderOptions);
  port.on('message', (request: EmbedderRequest) => {
    if (request.kind === 'close') {
      void session.close().finally(() => {
        port.close();
      });
      return;
    }
    const vectors = request.kind === 'query' ? session.embedQuery(request.texts[0] ?? '').then((vector) => [vector]) : session.embedPassages(request.texts);
    vectors.then(
      (list) => {
        reply(
          { kind: 'vectors', id: request.id, vectors: list },
          list.map((vector) => vector.buffer as ArrayBuffer),
        );
      },
      (error: unknown) => {
        reply({ kind: 'failed', id: request.id, message: messageOf(error) });
      },
    );
  });
  reply({ kind: 'ready' });
} catch (error) {
  reply({ kind: 'failed', message: messageOf(error) });
}
