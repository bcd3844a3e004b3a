import { createEmbedder } from './src/adapters/embedder.ts';
import { EMBEDDING_MODEL, embeddingModelDir } from './src/adapters/embedding-model.ts';
const e = await createEmbedder({ modelDir: embeddingModelDir(EMBEDDING_MODEL, process.env) });
await e.embedQuery('x');
await new Promise((r) => setTimeout(r, 3000));
await e.close();
