// Sentence embeddings on the calling thread: the model's ONNX graph on onnxruntime-node (prebuilt,
// CPU) and its tokenizer.json in @huggingface/tokenizers (plain JavaScript). Files only from
// modelDir, never a hub. onnxruntime-node runs a model synchronously, so the service uses this
// through embedder.ts, on a worker thread.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { env } from 'node:process';
import * as tokenizers from '@huggingface/tokenizers';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { EMBEDDING_MODEL, MODEL_FILE, TOKENIZER_FILE, type EmbeddingModelSpec } from './embedding-model.ts';

// The package's declarations import their parts without file extensions, which ESM resolution
// cannot follow, so its Tokenizer reaches TypeScript untyped: this is the part used here.
const { Tokenizer } = tokenizers as unknown as {
  Tokenizer: new (tokenizerJson: object, tokenizerConfig: object) => { encode(text: string): { ids: number[] } };
};

export interface Embedder {
  readonly dimensions: number;
  /** A question, with the model's query prefix; an L2-normalised vector. */
  embedQuery(text: string): Promise<Float32Array>;
  /** Passages to search, with the model's passage prefix; one L2-normalised vector each, in order. */
  embedPassages(texts: readonly string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

export interface EmbedderOptions {
  /** The folder fetch-embedding-model.ts fills: model.onnx and tokenizer.json. */
  readonly modelDir: string;
  readonly spec?: EmbeddingModelSpec;
  /**
   * onnxruntime's threads for one inference. 1 by default: chat shares two cores with the rest
   * of the stack, and a second thread buys little on a short query.
   */
  readonly threads?: number;
  /**
   * Passages run through the model together. 1 by default: on one thread, batches of 2 to 4 took
   * as much CPU a passage as single passages and batches of 16 or 32 half as much again (measured
   * with services/chat/eval/bench-embedder.ts); a question waits for a smaller batch; and the int8
   * model quantizes a batch's activations with one scale, so in a batch a passage's vector shifts
   * with its batch-mates (cosine 0.996 or more to its vector alone).
   */
  readonly batchSize?: number;
}

export async function openEmbeddingSession(options: EmbedderOptions): Promise<Embedder> {
  // onnxruntime (1.30 on Linux) records usage events under ~/.cache/Microsoft and sends them to
  // Microsoft's collector unless this is set before its first session; set, not read, here.
  env.ORT_DISABLE_TELEMETRY = '1';
  const spec = options.spec ?? EMBEDDING_MODEL;
  const batchSize = options.batchSize ?? 1;
  const threads = options.threads ?? 1;
  const tokenizer = new Tokenizer(JSON.parse(await readFile(join(options.modelDir, TOKENIZER_FILE), 'utf8')) as object, {});
  const session = await InferenceSession.create(join(options.modelDir, MODEL_FILE), {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    logSeverityLevel: 3,
  });
  const wantsTokenTypes = session.inputNames.includes('token_type_ids');

  function tokenize(text: string): number[] {
    // No token averages 32 characters: the cut only bounds the tokenizer's time on oversized input.
    const { ids } = tokenizer.encode(text.slice(0, spec.maxTokens * 32));
    // Keep the closing special token ([SEP], </s>) when cutting to the model's length.
    return ids.length <= spec.maxTokens ? ids : [...ids.slice(0, spec.maxTokens - 1), ids[ids.length - 1] ?? 0];
  }

  const passes = oneForwardPassAtATime();
  // Tokenized in turn too: a thousand passages take the tokenizer a second.
  const embed = (texts: readonly string[]) => () => embedBatch(session, spec, wantsTokenTypes, texts.map(tokenize));

  return {
    dimensions: spec.dimensions,
    async embedQuery(text) {
      const [vector] = await passes.question(embed([spec.queryPrefix + text]));
      return vector ?? new Float32Array(spec.dimensions);
    },
    async embedPassages(texts) {
      // Batches of similar lengths waste the least on padding; results go back in the callers' order.
      const order = texts.map((_, index) => index).sort((a, b) => (texts[a]?.length ?? 0) - (texts[b]?.length ?? 0));
      const batchIndexes = Array.from({ length: Math.ceil(order.length / batchSize) }, (_, batch) => order.slice(batch * batchSize, (batch + 1) * batchSize));
      const embedded = await Promise.all(batchIndexes.map((indexes) => passes.batch(embed(indexes.map((index) => spec.passagePrefix + (texts[index] ?? ''))))));
      const vectors = new Array<Float32Array>(texts.length);
      batchIndexes.forEach((indexes, batch) => {
        indexes.forEach((index, position) => {
          vectors[index] = embedded[batch]?.[position] ?? new Float32Array(spec.dimensions);
        });
      });
      return vectors;
    },
    async close() {
      await session.release();
    },
  };
}

/** One forward pass over sequences of token ids; one pooled, normalised vector each. */
async function embedBatch(
  session: InferenceSession,
  spec: EmbeddingModelSpec,
  wantsTokenTypes: boolean,
  sequences: readonly number[][],
): Promise<Float32Array[]> {
  const length = Math.max(...sequences.map((ids) => ids.length));
  const size = sequences.length * length;
  const inputIds = new BigInt64Array(size);
  const attentionMask = new BigInt64Array(size);
  sequences.forEach((ids, row) => {
    ids.forEach((id, column) => {
      inputIds[row * length + column] = BigInt(id);
      attentionMask[row * length + column] = 1n;
    });
  });
  const shape = [sequences.length, length];
  const feeds: Record<string, Tensor> = {
    input_ids: new Tensor('int64', inputIds, shape),
    attention_mask: new Tensor('int64', attentionMask, shape),
  };
  if (wantsTokenTypes) {
    feeds.token_type_ids = new Tensor('int64', new BigInt64Array(size), shape);
  }
  const output = (await session.run(feeds)).last_hidden_state;
  if (!output) {
    throw new Error('the embedding model has no last_hidden_state output');
  }
  const hidden = output.data as Float32Array;
  return sequences.map((ids, row) => pool(hidden, row, ids.length, length, spec.dimensions, spec.pooling));
}

/**
 * One forward pass at a time, questions before passages: a question asked while passages are
 * being embedded waits for the batch in progress only.
 */
function oneForwardPassAtATime() {
  const questions: (() => void)[] = [];
  const batches: (() => void)[] = [];
  let running = false;
  function next(): void {
    const pass = questions.shift() ?? batches.shift();
    running = pass !== undefined;
    pass?.();
  }
  function inTurn(lane: (() => void)[], pass: () => Promise<Float32Array[]>): Promise<Float32Array[]> {
    return new Promise((resolve, reject) => {
      lane.push(() => {
        pass().then(resolve, reject).finally(next);
      });
      if (!running) {
        next();
      }
    });
  }
  return {
    question: (pass: () => Promise<Float32Array[]>) => inTurn(questions, pass),
    batch: (pass: () => Promise<Float32Array[]>) => inTurn(batches, pass),
  };
}

/** Row `row` of hidden states [batch, length, dimensions] pooled to one L2-normalised vector. */
function pool(hidden: Float32Array, row: number, tokens: number, length: number, dimensions: number, pooling: EmbeddingModelSpec['pooling']): Float32Array {
  const vector = new Float32Array(dimensions);
  const base = row * length * dimensions;
  const pooled = pooling === 'cls' ? 1 : tokens;
  for (let token = 0; token < pooled; token++) {
    const offset = base + token * dimensions;
    for (let d = 0; d < dimensions; d++) {
      vector[d] = (vector[d] ?? 0) + (hidden[offset + d] ?? 0) / pooled;
    }
  }
  let norm = 0;
  for (const value of vector) {
    norm += value * value;
  }
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < dimensions; d++) {
    vector[d] = (vector[d] ?? 0) / norm;
  }
  return vector;
}
