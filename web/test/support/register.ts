// Lets node load the web app's modules as Vite does, so component tests run in node's own test
// runner: .tsx through Vite's own transformer (oxc, by way of rolldown), a CSS import as nothing
// (a CSS module as its class names), a media file as its address. scripts/test.sh registers it for
// every test file (--import); it touches no other file, so the rest of the suite does not notice.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createRequire, registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

// Loaded on the first .tsx only: most test files never need the transformer.
const require = createRequire(import.meta.url);
let transformer: typeof import('rolldown/utils') | undefined;

const MEDIA = /\.(webp|webm|vtt|png|jpe?g|svg|gif|woff2?)$/;

/** A CSS module's class names read back as their own names, which is all a test can see of them. */
const CSS_MODULE = 'export default new Proxy({}, { get: (_, name) => String(name) });';

function transformTsx(url: string): string {
  const path = fileURLToPath(url);
  transformer ??= require('rolldown/utils') as typeof import('rolldown/utils');
  const { code, errors, map } = transformer.transformSync(path, readFileSync(path, 'utf8'), { jsx: { runtime: 'automatic' }, sourcemap: true });
  const [error] = errors;
  if (error !== undefined) throw new SyntaxError(`${path}: ${error.message}`);
  const inlineMap = map === undefined ? '' : `\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}`;
  return code + inlineMap;
}

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:')) return nextLoad(url, context);
    const { pathname } = new URL(url);
    if (pathname.endsWith('.tsx')) return { format: 'module', source: transformTsx(url), shortCircuit: true };
    if (pathname.endsWith('.module.css')) return { format: 'module', source: CSS_MODULE, shortCircuit: true };
    if (pathname.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
    if (MEDIA.test(pathname)) return { format: 'module', source: `export default ${JSON.stringify(`/assets/${basename(pathname)}`)};`, shortCircuit: true };
    return nextLoad(url, context);
  },
});
