import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { parse } from 'yaml';
import { KnowledgeEntry } from '../domain/knowledge-entry.ts';
import { reviewProblem } from '../domain/knowledge-review.ts';

export const knowledgeDir = new URL('../../knowledge/', import.meta.url);

export interface LoadedEntry {
  entry: KnowledgeEntry;
  /** Of the file's text: an import skips entries whose hash it has already stored. */
  contentHash: string;
}

/** Why a file is not a valid entry, one line per problem. */
export function problemsOf(fileName: string, value: unknown): string[] {
  const problems = [...Value.Errors(KnowledgeEntry, value)].map((error) => `${fileName}: ${error.instancePath || '/'} ${error.message}`);
  if (problems.length > 0) return problems;
  const entry = value as KnowledgeEntry;
  if (`${entry.id}.yaml` !== fileName) problems.push(`${fileName}: the id must match the file name`);
  const review = reviewProblem(entry);
  if (review !== undefined) problems.push(`${fileName}: ${review}`);
  return problems;
}

/** Every entry of the knowledge base; throws with every problem found when any file is invalid. */
export async function loadKnowledgeFiles(dir: URL = knowledgeDir): Promise<LoadedEntry[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.yaml')).sort();
  const problems: string[] = [];
  const loaded: LoadedEntry[] = [];
  for (const fileName of files) {
    const text = await readFile(join(dir.pathname, fileName), 'utf8');
    const value: unknown = parse(text);
    const found = problemsOf(fileName, value);
    problems.push(...found);
    if (found.length === 0) loaded.push({ entry: value as KnowledgeEntry, contentHash: createHash('sha256').update(text).digest('hex') });
  }
  if (problems.length > 0) throw new Error(`invalid knowledge files:\n${problems.join('\n')}`);
  return loaded;
}
