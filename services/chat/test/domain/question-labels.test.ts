// The labels the answer figures are scored by hold against the archive (eval/personas/README.md):
// a covered question's expected entries exist, and each holds one of its facts, so a right answer
// is possible from every entry it may cite; a label gone stale when an entry is renamed or
// rewritten fails here, not as a silently lower figure.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { loadKnowledgeFiles } from '../../src/adapters/knowledge-files.ts';
import { holdsFact } from '../../eval/evaluate.ts';
import { batchOf, loadOlderQuestions, loadPersonaQuestions, type LabelledQuestion } from '../../eval/question-set.ts';
import { UNCOVERED_TOPICS, uncoveredTopics } from '../../eval/uncovered-topics.ts';

let texts: Map<string, string>;
before(async () => {
  texts = new Map((await loadKnowledgeFiles()).map(({ entry }) => [entry.id, `${entry.title} ${entry.summary} ${entry.body}`.toLowerCase()]));
});

/** What is wrong with one question's label, or undefined. */
function labelProblem(question: LabelledQuestion): string | undefined {
  if (question.kind !== 'covered') return question.expect.length > 0 ? `${question.id}: ${question.kind} but expects entries` : undefined;
  if (question.expect.length === 0 || question.facts.length === 0) return `${question.id}: covered without expected entries and facts`;
  const missing = question.expect.filter((id) => !texts.has(id));
  if (missing.length > 0) return `${question.id}: no entry ${missing.join(', ')}`;
  // An answer citing an entry that holds none of the facts is scored wrong however well it answers.
  const factless = question.expect.filter((id) => !holdsFact(question, texts.get(id) ?? ''));
  return factless.length === 0 ? undefined : `${question.id}: none of ${question.facts.join(' | ')} is in ${factless.join(', ')}`;
}

describe('the question sets’ labels', () => {
  for (const [name, load] of [
    ['the persona set, dev half', () => loadPersonaQuestions('dev')],
    ['the persona set, test half', () => loadPersonaQuestions('test')],
    ['the older set', loadOlderQuestions],
  ] as const) {
    it(`${name}: every covered question expects existing entries that each hold one of its facts`, async () => {
      const questions = await load();
      assert.ok(questions.length > 0, `${name} is labelled`);
      assert.deepEqual(questions.map(labelProblem).filter(Boolean), []);
    });
  }

  it('finds a stale label', () => {
    assert.match(
      labelProblem({ id: 'x', question: 'q', kind: 'covered', language: 'en', expect: ['no-such-entry'], facts: ['a'] }) ?? '',
      /no entry no-such-entry/,
    );
    const [holder = '', other = ''] = texts.keys();
    assert.match(labelProblem({ id: 'x', question: 'q', kind: 'covered', language: 'en', expect: [holder], facts: ['zzqx never written'] }) ?? '', /none of/);
    // A fact from one expected entry does not vouch for another.
    const fact = (texts.get(holder) ?? '').slice(0, 40);
    assert.ok(fact.length > 0 && !texts.get(other)?.includes(fact));
    assert.equal(labelProblem({ id: 'x', question: 'q', kind: 'covered', language: 'en', expect: [holder], facts: [fact] }), undefined);
    assert.match(
      labelProblem({ id: 'x', question: 'q', kind: 'covered', language: 'en', expect: [holder, other], facts: [fact] }) ?? '',
      new RegExp(`is in ${other}$`),
    );
  });

  it('puts every persona question in a batch: the dev half holds the first, second, third, fifth and sixth, the test half the first, second and fourth', async () => {
    const batches = async (half: 'dev' | 'test') => [...new Set((await loadPersonaQuestions(half)).map((question) => question.batch))];
    assert.deepEqual(await batches('dev'), ['first batch', 'second batch', 'third batch', 'fifth batch', 'sixth batch']);
    assert.deepEqual(await batches('test'), ['first batch', 'second batch', 'fourth batch']);
    assert.equal(batchOf('p0965'), undefined, 'a question past the last batch has none, and fails the lines above');
  });

  it('lists the uncovered questions as the labels have them: uncovered-topics.md is not stale (npm run eval:uncovered-topics)', async () => {
    assert.equal(await readFile(UNCOVERED_TOPICS, 'utf8'), await uncoveredTopics());
  });
});
