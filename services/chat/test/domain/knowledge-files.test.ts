import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { loadKnowledgeFiles } from '../../src/domain/knowledge-files.ts';

describe('the knowledge files', () => {
  it('are every one a valid entry, with a unique id matching its file name', async () => {
    const loaded = await loadKnowledgeFiles();
    assert.ok(loaded.length >= 1);
    assert.equal(new Set(loaded.map(({ entry }) => entry.id)).size, loaded.length);
    assert.equal(new Set(loaded.map(({ contentHash }) => contentHash)).size, loaded.length);
  });

  it('refuses a file that breaks the schema, naming the file and each problem', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'knowledge-'));
    try {
      const goonj = await readFile(new URL('../../knowledge/goonj.yaml', import.meta.url), 'utf8');
      await writeFile(join(dir, 'bad-entry.yaml'), goonj.replace('id: goonj', 'id: bad-entry').replace('kind: organisation', 'kind: rumour').replace('[All India, Delhi]', '[All India, Atlantis]'));
      await writeFile(join(dir, 'incomplete.yaml'), 'id: incomplete\nkind: guide\n');
      await writeFile(join(dir, 'misnamed.yaml'), goonj);
      await assert.rejects(loadKnowledgeFiles(pathToFileURL(`${dir}/`)), (error: Error) => {
        assert.match(error.message, /bad-entry\.yaml: \/kind/);
        assert.match(error.message, /bad-entry\.yaml: \/states\/1/);
        assert.match(error.message, /incomplete\.yaml: \/ .*summary/);
        assert.match(error.message, /misnamed\.yaml: the id must match the file name/);
        return true;
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
