// `npm run api:generate`: writes the web app's API types from each service's OpenAPI document into
// web/src/api/generated/ (web-api.ts), and removes any file there it no longer writes.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generatedDir, openApiDocuments, webApiFiles } from './web-api.ts';

const files = await webApiFiles(await openApiDocuments());
await mkdir(generatedDir, { recursive: true });
for (const name of await readdir(generatedDir)) if (!files.has(name)) await rm(join(generatedDir, name));
for (const [name, content] of files) await writeFile(join(generatedDir, name), content);
console.log(`wrote ${String(files.size)} files to ${generatedDir}`);
