import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@betterplus/kit';
import type { VectorCache } from '../domain/passage-vectors.ts';
import type { Passage } from '../domain/passages.ts';

/** The cache key of an entry's passages under a model: the same texts give the same vectors. */
export const passagesKey =
  (model: string) =>
  (passages: readonly Passage[]): string =>
    createHash('sha256')
      .update(model)
      .update('\0')
      .update(passages.map((p) => p.text).join('\0'))
      .digest('hex');

/**
 * Vectors kept as files in `dir` (one per entry's passages, float32), shared by every process on
 * the machine: tests and fresh installs start from a new database, and embedding the archive again
 * each time would cost a minute. Best effort: a folder that cannot be written (a read-only image)
 * leaves the database as the only store.
 */
export function createFileVectorCache(dir: string, dimensions: number, logger: Logger): VectorCache {
  return {
    async get(key, count) {
      try {
        const bytes = await readFile(join(dir, `${key}.f32`));
        if (bytes.byteLength !== count * dimensions * 4) return undefined;
        const all = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
        return Array.from({ length: count }, (_, i) => all.slice(i * dimensions, (i + 1) * dimensions));
      } catch {
        return undefined;
      }
    },
    async put(key, vectors) {
      try {
        await mkdir(dir, { recursive: true });
        // Written aside, then renamed: a reader never sees half a file, whoever writes at once.
        const aside = join(dir, `${key}.${randomUUID()}.tmp`);
        await writeFile(aside, Buffer.concat(vectors.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength))));
        await rename(aside, join(dir, `${key}.f32`));
      } catch (error) {
        logger.debug({ err: error, dir }, 'vector cache not written');
      }
    },
  };
}
