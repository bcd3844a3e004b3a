// The question sets answers are measured on, in one labelled shape:
// - personas/dev.yaml and personas/test.yaml: questions composed as users write them, before
//   reading the knowledge base, then labelled (personas/README.md). Tune on dev; report test.
// - questions/*.yaml: the project's older set, written from the entries it tests (in_scope,
//   out_of_scope), kept as a regression check.
import { readdir, readFile } from 'node:fs/promises';
import { parse } from 'yaml';

export type QuestionKind = 'covered' | 'uncovered' | 'off-topic';

export interface LabelledQuestion {
  id: string;
  question: string;
  kind: QuestionKind;
  /** en, hinglish or hi (Devanagari); the older set is not split by language: mixed. */
  language: string;
  persona?: string | undefined;
  /** For a persona question: the batch it was composed in (PERSONA_BATCHES). */
  batch?: string | undefined;
  /** For a covered question: the entries that answer it. */
  expect: string[];
  /** For a covered question: the fact a right answer holds, any one of these phrasings. */
  facts: string[];
}

interface PersonaFile {
  questions: { id: string; question: string; language: string; persona: string; label?: QuestionKind; expect?: unknown[]; facts?: unknown[] }[];
}

interface OlderFile {
  in_scope?: { question: string; expect: unknown[]; terms: unknown[] }[];
  out_of_scope?: { question: string }[];
}

const personas = new URL('./personas/', import.meta.url);
const older = new URL('./questions/', import.meta.url);

/** YAML reads a bare 2500 as a number: ids and facts are compared as text. */
const texts = (values: unknown[] | undefined): string[] => (values ?? []).map(String);

/**
 * The persona set's batches by their last id (personas/README.md). A batch tuned on for sessions
 * flatters the figures, and its near-twins in the other half carry that over; a batch nobody has
 * tuned on shows how the chat does on new questions, so the figures are also given per batch.
 */
export const PERSONA_BATCHES: readonly { readonly name: string; readonly lastId: number }[] = [
  { name: 'first batch', lastId: 404 },
  { name: 'second batch', lastId: 564 },
  { name: 'third batch', lastId: 664 },
  { name: 'fourth batch', lastId: 764 },
  { name: 'fifth batch', lastId: 864 },
  { name: 'sixth batch', lastId: 964 },
];

/** The batch a persona question's id (p0565) falls in, or undefined past the last batch. */
export const batchOf = (id: string): string | undefined => PERSONA_BATCHES.find(({ lastId }) => Number(id.slice(1)) <= lastId)?.name;

/** One half of the persona set, `dev` or `test`; unlabelled questions are left out. */
export async function loadPersonaQuestions(half: 'dev' | 'test'): Promise<LabelledQuestion[]> {
  const file = parse(await readFile(new URL(`${half}.yaml`, personas), 'utf8')) as PersonaFile;
  return file.questions.flatMap(({ id, question, language, persona, label, expect, facts }) =>
    label ? [{ id, question, language, persona, batch: batchOf(id), kind: label, expect: texts(expect), facts: texts(facts) }] : [],
  );
}

/** The older set: every YAML file in questions/, merged. */
export async function loadOlderQuestions(): Promise<LabelledQuestion[]> {
  const files = (await readdir(older)).filter((name) => name.endsWith('.yaml')).sort();
  const parts = await Promise.all(files.map(async (name) => (parse(await readFile(new URL(name, older), 'utf8')) as OlderFile | null) ?? {}));
  return parts.flatMap((part, i) => [
    ...(part.in_scope ?? []).map((q, n) => ({
      id: `${files[i] ?? ''}#${String(n)}`,
      question: q.question,
      kind: 'covered' as const,
      language: 'mixed',
      expect: texts(q.expect),
      facts: texts(q.terms),
    })),
    ...(part.out_of_scope ?? []).map((q, n) => ({
      id: `${files[i] ?? ''}#out${String(n)}`,
      question: q.question,
      kind: 'off-topic' as const,
      language: 'mixed',
      expect: [],
      facts: [],
    })),
  ]);
}
