// The sentence embedder chat retrieves with. The model runs on a worker thread of its own
// (embedder-worker.ts): onnxruntime-node computes synchronously, and a batch of passages would
// otherwise stop every request of the service for as long as it takes. Requests queue on that one
// thread; a question asked while passages are being embedded waits for the batch in progress only.
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { EmbedderReply, EmbedderRequest } from './embedder-worker.ts';
import { EMBEDDING_MODEL } from './embedding-model.ts';
import type { Embedder, EmbedderOptions } from './embedding-session.ts';

export type { Embedder, EmbedderOptions } from './embedding-session.ts';

type Pending = Map<number, { resolve: (vectors: Float32Array[]) => void; reject: (error: Error) => void }>;

/** Resolves once the worker's first message says the model loaded; otherwise terminates it and rejects. */
async function modelLoaded(worker: Worker, modelDir: string, stopped: () => Error | undefined): Promise<void> {
  const loaded = new Promise<void>((resolve, reject) => {
    worker.once('message', (reply: EmbedderReply) => {
      if (reply.kind === 'ready') {
        resolve();
      } else {
        reject(new Error(`embedding model in ${modelDir}: ${reply.kind === 'failed' ? reply.message : reply.kind}`));
      }
    });
    worker.once('exit', () => {
      reject(stopped() ?? new Error('the embedder stopped while loading'));
    });
  });
  try {
    await loaded;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
}

/** Settles each pending request with the worker's reply to it; with none left waiting, the worker no longer holds the process open. */
function answerRequests(worker: Worker, pending: Pending): void {
  worker.on('message', (reply: EmbedderReply) => {
    if (reply.kind === 'ready' || reply.id === undefined) {
      return;
    }
    const request = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) {
      worker.unref();
    }
    if (reply.kind === 'vectors') {
      request?.resolve(reply.vectors);
    } else {
      request?.reject(new Error(`embedding failed: ${reply.message}`));
    }
  });
}

/** Loads the model from options.modelDir (nothing from the network); rejects when it cannot. */
export async function createEmbedder(options: EmbedderOptions): Promise<Embedder> {
  const spec = options.spec ?? EMBEDDING_MODEL;
  // None of the process's node options concern the worker, and some stop it (--input-type). The
  // process's environment is shared so that the session's ORT_DISABLE_TELEMETRY reaches onnxruntime.
  const worker = new Worker(new URL('./embedder-worker.ts', import.meta.url), { workerData: { ...options, spec }, execArgv: [], env: SHARE_ENV });
  const pending: Pending = new Map();
  let nextId = 0;
  let stopped: Error | undefined;

  const stop = (error: Error): void => {
    stopped ??= error;
    for (const request of pending.values()) {
      request.reject(error);
    }
    pending.clear();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => {
    stop(new Error(`the embedder's worker thread exited (code ${code})`));
  });

  await modelLoaded(worker, options.modelDir, () => stopped);
  answerRequests(worker, pending);
  // Held open only while a request waits, so an embedder nobody closed never keeps the process
  // alive. After the listener above: adding a 'message' listener holds the worker open again.
  worker.unref();

  function ask(kind: 'query' | 'passages', texts: readonly string[]): Promise<Float32Array[]> {
    if (stopped) {
      return Promise.reject(stopped);
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, kind, texts } satisfies EmbedderRequest);
    });
  }

  return {
    dimensions: spec.dimensions,
    async embedQuery(text) {
      const [vector] = await ask('query', [text]);
      if (!vector) {
        throw new Error('the embedder answered a query with no vector');
      }
      return vector;
    },
    async embedPassages(texts) {
      return texts.length === 0 ? [] : ask('passages', texts);
    },
    async close() {
      if (stopped) {
        return;
      }
      stop(new Error('the embedder is closed'));
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.ref();
      worker.postMessage({ kind: 'close' } satisfies EmbedderRequest);
      await exited;
    },
  };
}
