// `npm run knowledge:embed`: embeds the archive's passages into the machine's vector cache
// (adapters/vector-cache.ts) once, in a throw-away database, so that the test files and stacks
// that start chat next each read the vectors instead of running the model over the archive at
// once. scripts/test.sh runs it before the tests; it takes a second when the cache is warm.
import { createLogger, createPgliteDatabase, migrate } from '@betterplus/kit';
import { openKnowledgeBase } from '../src/use-cases/knowledge-base.ts';

const started = performance.now();
const db = await createPgliteDatabase();
try {
  await migrate(db, [{ scope: 'chat', dir: new URL('../src/db/migrations/', import.meta.url) }]);
  const knowledge = await openKnowledgeBase(db, createLogger('knowledge-embed', 'warn'), process.env);
  await knowledge.close();
  console.log(`knowledge:embed: ${String(knowledge.index.size)} passages ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await db.close();
}
