// `npm run knowledge:embed`: embeds the archive's passages into the machine's vector cache
// (adapters/vector-cache.ts) once, in a throw-away database, so that the test files and stacks
// that start chat next each read the vectors instead of running the model over the archive at
// once. scripts/test.sh runs it before the tests; it takes a second when the cache is warm.
import { createLogger } from '@betterplus/kit';
import { openScratchKnowledgeBase } from '../src/use-cases/knowledge-base.ts';

const started = performance.now();
const knowledge = await openScratchKnowledgeBase(createLogger('knowledge-embed', 'warn'), process.env);
await knowledge.close();
console.log(`knowledge:embed: ${String(knowledge.index.size)} passages ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
