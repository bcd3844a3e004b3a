// Puts chat's sentence-embedding model (EMBEDDING_MODEL) into the models folder unless it is there,
// and prints that model's folder (services/chat/src/adapters/fetch-embedding-model.ts does the work).
//   node --use-system-ca scripts/fetch-embedding-model.ts     (scripts/ensure-deps.sh runs it)
import { EMBEDDING_MODEL, embeddingModelsRoot } from '../services/chat/src/adapters/embedding-model.ts';
import { ensureEmbeddingModel } from '../services/chat/src/adapters/fetch-embedding-model.ts';

try {
  console.log(await ensureEmbeddingModel(EMBEDDING_MODEL, embeddingModelsRoot(process.env)));
} catch (error) {
  console.error(`embedding model: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
