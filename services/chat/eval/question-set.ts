// The project's own evaluation questions: every YAML file in eval/questions/, merged, so people
// adding entries add their questions beside them without touching one another's files.
import { readdir, readFile } from 'node:fs/promises';
import { parse } from 'yaml';

export interface QuestionSet {
  /** Questions the knowledge base answers: `expect` names the entries that answer them well, `terms` words a good answer holds. */
  in_scope: { question: string; expect: string[]; terms: string[] }[];
  /** Questions it must not answer: the assistant abstains. */
  out_of_scope: { question: string }[];
}

const folder = new URL('./questions/', import.meta.url);

export async function loadQuestionSet(): Promise<QuestionSet> {
  const files = (await readdir(folder)).filter((name) => name.endsWith('.yaml')).sort();
  const parts = await Promise.all(files.map(async (name) => parse(await readFile(new URL(name, folder), 'utf8')) as Partial<QuestionSet> | null));
  // YAML reads a bare 2500 as a number: terms are compared as text.
  const inScope = parts.flatMap((part) => part?.in_scope ?? []).map((q) => ({ ...q, expect: q.expect.map(String), terms: q.terms.map(String) }));
  return { in_scope: inScope, out_of_scope: parts.flatMap((part) => part?.out_of_scope ?? []) };
}
