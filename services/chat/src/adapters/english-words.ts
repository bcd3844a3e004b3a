import { readFile } from 'node:fs/promises';
import wordListPath from 'word-list';

let words: Promise<ReadonlySet<string>> | undefined;

/** English words (word-list's 274,000, lower case): read once per process, as the archive is. */
export const englishWords = (): Promise<ReadonlySet<string>> =>
  (words ??= readFile(wordListPath, 'utf8').then((text) => new Set(text.split('\n').filter((word) => word.length > 0))));
