import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { loadKnowledgeFiles } from '../../src/adapters/knowledge-files.ts';

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
      await writeFile(
        join(dir, 'bad-entry.yaml'),
        goonj.replace('id: goonj', 'id: bad-entry').replace('kind: organisation', 'kind: rumour').replace('[All India, Delhi]', '[All India, Atlantis]'),
      );
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

  it('refuses an entry without a review date, or one later or earlier than its kind allows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'knowledge-'));
    try {
      // goonj is an organisation checked on 2026-11-23: due for review by 2029-11-23 at the latest.
      const goonj = await readFile(new URL('../../knowledge/goonj.yaml', import.meta.url), 'utf8');
      const write = (id: string, text: string) => writeFile(join(dir, `${id}.yaml`), text.replace('id: goonj', `id: ${id}`));
      await write('undated', goonj.replace(/^review_by: .*\n/m, ''));
      await write('too-late', goonj.replace(/^review_by: .*$/m, 'review_by: 2029-11-24'));
      await write('before-checked', goonj.replace(/^review_by: .*$/m, 'review_by: 2026-11-23'));
      await write('scheme-in-three-years', goonj.replace('kind: organisation', 'kind: scheme'));
      await write('on-the-last-day', goonj);
      await write('early', goonj.replace(/^review_by: .*$/m, 'review_by: 2027-01-31'));
      await assert.rejects(loadKnowledgeFiles(pathToFileURL(`${dir}/`)), (error: Error) => {
        const problems = error.message.split('\n').slice(1);
        assert.deepEqual(problems, [
          'before-checked.yaml: review_by 2026-11-23 must be later than as_of 2026-11-23',
          'scheme-in-three-years.yaml: review_by 2029-11-23 is later than 2027-11-23: entries of kind scheme are reviewed within 1 year of as_of',
          'too-late.yaml: review_by 2029-11-24 is later than 2029-11-23: entries of kind organisation are reviewed within 3 years of as_of',
          'undated.yaml: / must have required properties review_by',
        ]);
        return true;
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
