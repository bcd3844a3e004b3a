import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createPassageIndex, readPassageIndex } from '../../src/adapters/passage-index.ts';

const dimensions = 8;
/** A unit vector leaning to axis `axis`, a little towards the next. */
const vector = (axis: number, lean = 0.1): Float32Array => {
  const v = new Float32Array(dimensions);
  v[axis % dimensions] = 1;
  v[(axis + 1) % dimensions] = lean;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};
const refs = Array.from({ length: 40 }, (_, i) => ({ entryId: `entry-${String(i % 10)}`, n: Math.floor(i / 10) }));
const vectors = refs.map((_, i) => vector(i % dimensions, 0.05 * (1 + Math.floor(i / dimensions))));

describe('the passage index', () => {
  const folder = mkdtemp(join(tmpdir(), 'passage-index-'));
  after(async () => {
    await rm(await folder, { recursive: true, force: true });
  });

  it('finds the passage nearest a vector, and says which entry and place it is', () => {
    const index = createPassageIndex(dimensions);
    index.add(refs, vectors);
    assert.equal(index.size, 40);
    const [nearest] = index.search(vectors[13] ?? new Float32Array(), 1);
    assert.deepEqual({ entryId: nearest?.entryId, n: nearest?.n }, { entryId: 'entry-3', n: 1 });
    assert.ok((nearest?.similarity ?? 0) > 0.99);
  });

  it('is read back from where it was saved and answers as the one built, and takes more passages after', async () => {
    const built = createPassageIndex(dimensions);
    built.add(refs, vectors);
    const path = join(await folder, 'saved.usearch');
    await built.save(path);
    assert.deepEqual((await readdir(await folder)).sort(), ['saved.usearch', 'saved.usearch.refs.json']);
    const read = await readPassageIndex(path, dimensions);
    assert.ok(read);
    assert.equal(read.size, 40);
    for (const [i, v] of vectors.entries()) assert.deepEqual(read.search(v, 3), built.search(v, 3), `passage ${String(i)}`);
    read.add([{ entryId: 'entry-new', n: 0 }], [vector(3, 0.9)]);
    assert.equal(read.search(vector(3, 0.9), 1)[0]?.entryId, 'entry-new');
  });

  it('is built again (undefined) when nothing was saved, or only the graph, or its passages do not match it', async () => {
    const dir = await folder;
    assert.equal(await readPassageIndex(join(dir, 'never.usearch'), dimensions), undefined);
    const built = createPassageIndex(dimensions);
    built.add(refs, vectors);
    const path = join(dir, 'torn.usearch');
    await built.save(path);
    await rm(`${path}.refs.json`);
    assert.equal(await readPassageIndex(path, dimensions), undefined);
    await writeFile(`${path}.refs.json`, JSON.stringify({ entryIds: ['entry-0'], entries: '', places: '', size: 3 }));
    assert.equal(await readPassageIndex(path, dimensions), undefined);
  });
});
