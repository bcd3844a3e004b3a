// `npm run eval:uncovered-topics`: writes personas/uncovered-topics.md, the persona set's uncovered
// questions by half, persona and state, with an index by cause, from the labels in dev.yaml and
// test.yaml (their topic, state and cause). question-labels.test.ts fails when the file is stale.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const UNCOVERED_TOPICS = new URL('./personas/uncovered-topics.md', import.meta.url);

const PERSONAS: readonly (readonly [string, string])[] = [
  ['ngo-founder', 'NGO founders and staff'],
  ['student-volunteer', 'Students and volunteers'],
  ['farmer-panchayat', 'Farmers and panchayats'],
  ['woman-entrepreneur', 'Women entrepreneurs and SHGs'],
  ['csr-manager', 'CSR managers'],
  ['journalist-teacher', 'Journalists and teachers'],
  ['disability-family', 'Disability and families'],
  ['social-entrepreneur', 'Social entrepreneurs'],
  ['researcher-policy', 'Researchers and policy'],
  ['citizen', 'Citizens seeking welfare schemes'],
];

const INTRO = `# Uncovered topics in the persona question set

These are the questions in \`dev.yaml\` and \`test.yaml\` labelled \`uncovered\`. They are on-topic, but the archive (\`services/chat/knowledge/\`) does not hold the answer. Each line says what an entry would need to hold (the question's \`topic\`). The lines are grouped by persona, then by state, with All India first. Each line ends with the question id and a cause, using the same names as the entries' \`causes\` field. This file is written by \`npm run eval:uncovered-topics\` from the labels; edit the labels, not this file.

The uncovered questions come from the later batches (see README.md): the dev half's from the second (\`p0405\`…\`p0564\`), third (\`p0565\`…\`p0664\`), fifth (\`p0765\`…\`p0864\`) and sixth (\`p0865\`…\`p0964\`), the test half's from the second and fourth (\`p0665\`…\`p0764\`). The first batch's uncovered topics in both halves gained entries written for the topic as a whole (issue 24), and their questions were relabelled covered. The two halves are listed apart. Plan new entries from the **dev** half. The **test** half is for reporting only (see README.md). Its gaps are listed so that they are on record. If entries were written to answer those exact questions, test scores would flatter the archive. A topic that appears in both halves can be covered, as long as the entry is written for the topic as a whole from sources and not for the test wording.`;

interface Uncovered {
  id: string;
  persona: string;
  topic: string;
  state: string;
  cause: string;
}

async function uncoveredIn(half: 'dev' | 'test'): Promise<Uncovered[]> {
  const file = parse(await readFile(new URL(`./personas/${half}.yaml`, import.meta.url), 'utf8')) as {
    questions: (Partial<Uncovered> & { id: string; label?: string })[];
  };
  return file.questions.flatMap((q) => {
    if (q.label !== 'uncovered') return [];
    if (!q.persona || !q.topic || !q.state || !q.cause) throw new Error(`${q.id}: an uncovered question needs its persona, topic, state and cause`);
    return [{ id: q.id, persona: q.persona, topic: q.topic, state: q.state, cause: q.cause }];
  });
}

const byState = (a: string, b: string) => Number(b === 'All India') - Number(a === 'All India') || a.localeCompare(b);

function half(title: string, questions: readonly Uncovered[]): string[] {
  return [
    `## ${title}`,
    '',
    ...PERSONAS.flatMap(([persona, name]) => {
      const own = questions.filter((q) => q.persona === persona);
      const states = [...new Set(own.map((q) => q.state))].sort(byState);
      return [
        `### ${name} (\`${persona}\`, ${String(own.length)})`,
        '',
        ...states.flatMap((state) => [
          `**${state}**`,
          '',
          ...own
            .filter((q) => q.state === state)
            .map((q) => `- ${q.topic} (${q.id}; ${q.cause})`)
            .sort(),
          '',
        ]),
      ];
    }),
  ];
}

/** The file's text from the labels as they stand. */
export async function uncoveredTopics(): Promise<string> {
  const [dev, test] = await Promise.all([uncoveredIn('dev'), uncoveredIn('test')]);
  const unknown = [...dev, ...test].filter((q) => !PERSONAS.some(([persona]) => persona === q.persona));
  if (unknown.length > 0) throw new Error(`unknown personas: ${unknown.map((q) => `${q.id} ${q.persona}`).join(', ')}`);
  const causes = [...new Set([...dev, ...test].map((q) => q.cause))];
  const ids = (questions: readonly Uncovered[], cause: string) =>
    questions
      .filter((q) => q.cause === cause)
      .map((q) => q.id)
      .sort();
  const index = causes
    .map((cause) => ({ cause, dev: ids(dev, cause), test: ids(test, cause) }))
    .sort((a, b) => b.dev.length + b.test.length - (a.dev.length + a.test.length) || a.cause.localeCompare(b.cause))
    .map(({ cause, dev: d, test: t }) => {
      const parts = [d.length > 0 ? `dev ${d.join(', ')}` : '', t.length > 0 ? `test ${t.join(', ')}` : ''].filter((part) => part.length > 0);
      return `- ${cause} (${String(d.length + t.length)}): ${parts.join('; ')}`;
    });
  return [
    INTRO,
    '',
    ...half(`Dev half (${String(dev.length)} questions)`, dev),
    ...half(`Test half (${String(test.length)} questions, reporting only)`, test),
    '## Index by cause',
    '',
    ...index,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writeFile(UNCOVERED_TOPICS, await uncoveredTopics());
