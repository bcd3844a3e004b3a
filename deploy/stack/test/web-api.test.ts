// The web app's generated API types are what `npm run api:generate` writes from the services'
// OpenAPI documents today: a route schema changed without regenerating them fails here.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { generatedDir, openApiDocuments, webApiFiles } from '../src/web-api.ts';

it('web/src/api/generated holds what npm run api:generate writes', { timeout: 300_000 }, async () => {
  const documents = await openApiDocuments();
  // The browser's calls only: nothing the gateway does not route, such as identity's keys.
  assert.ok(!('/.well-known/jwks.json' in (documents.identity.paths ?? {})));
  assert.ok('/dev/razorpay/pay' in (documents.billing.paths ?? {}), 'the sandbox checkout the web calls in the embedded stack');

  const files = await webApiFiles(documents);
  const committed = (await readdir(generatedDir)).sort();
  assert.deepEqual(committed, [...files.keys()].sort(), 'the generated files: run npm run api:generate and commit web/src/api/generated');
  const stale = [];
  for (const [name, content] of files) if ((await readFile(join(generatedDir, name), 'utf8')) !== content) stale.push(name);
  assert.deepEqual(stale, [], 'out of date: run npm run api:generate and commit web/src/api/generated');
});
