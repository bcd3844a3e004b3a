import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { importKnowledge, searchKnowledge, bestSentences } from '../../src/db/knowledge.ts';
import type { KnowledgeEntry } from '../../src/domain/knowledge-entry.ts';
import type { LoadedEntry } from '../../src/domain/knowledge-files.ts';
import { startChat, type Chat } from '../support/chat.ts';

let stack: TestStack;
let chat: Chat;
before(async () => {
  ({ stack, chat } = await startChat());
});
after(() => stack.close());

function entry(id: string, title: string, body: string, questions: string[] = [`What does ${title} do?`, `Where does ${title} work?`]): LoadedEntry {
  const value: KnowledgeEntry = {
    id,
    kind: 'organisation',
    title,
    summary: `${title} is an organisation described for the tests of the knowledge base search.`,
    body,
    states: ['All India'],
    causes: ['water'],
    questions,
    sources: [{ title: `${title} home`, url: `https://${id}.example.org/` }],
    as_of: '2026-11-23',
  };
  return { entry: value, contentHash: JSON.stringify(value) };
}

const rainwater = entry('jal-sahayak', 'Jal Sahayak', 'Jal Sahayak builds rainwater harvesting tanks in villages of Rajasthan. Jal Sahayak trains women as masons. The tanks store monsoon rain for the dry months.');
const schools = entry('vidya-setu', 'Vidya Setu', 'Dr A. K. Rao began Vidya Setu in 1990 with Rs. 5,000 of savings. Vidya Setu runs evening classes for children who work in the fields. Vidya Setu volunteers teach reading and arithmetic in Hindi.');

describe('the knowledge base', () => {
  it('imports the files once: unchanged entries are skipped, changed ones replaced, removed ones deleted', async () => {
    const fromTheRepository = await storedEntries();
    assert.ok(fromTheRepository > 0, 'the service imported the repository files at start');
    assert.deepEqual(await importKnowledge(chat.deps.db, [rainwater, schools]), { added: 2, updated: 0, removed: fromTheRepository, unchanged: 0 });
    assert.deepEqual(await importKnowledge(chat.deps.db, [rainwater, schools]), { added: 0, updated: 0, removed: 0, unchanged: 2 });
    const changed = entry('vidya-setu', 'Vidya Setu', `${schools.entry.body} Vidya Setu also runs a library on a bicycle.`);
    assert.deepEqual(await importKnowledge(chat.deps.db, [changed]), { added: 0, updated: 1, removed: 1, unchanged: 0 });
    assert.deepEqual((await searchKnowledge(chat.deps.db, 'library bicycle', 5)).map((e) => e.id), ['vidya-setu']);
    assert.deepEqual(await searchKnowledge(chat.deps.db, 'rainwater tanks', 5), []);
    await importKnowledge(chat.deps.db, [rainwater, schools]);
  });

  it('finds entries by any of the words of a question, the best first, and by a misspelt name', async () => {
    assert.deepEqual((await searchKnowledge(chat.deps.db, 'Who builds tanks to harvest rainwater in Rajasthan?', 5)).map((e) => e.id)[0], 'jal-sahayak');
    assert.deepEqual((await searchKnowledge(chat.deps.db, 'evening classes for working children', 5)).map((e) => e.id)[0], 'vidya-setu');
    assert.deepEqual((await searchKnowledge(chat.deps.db, 'tell me about vidyaa setu', 5)).map((e) => e.id)[0], 'vidya-setu');
    assert.deepEqual(await searchKnowledge(chat.deps.db, 'the', 5), []);
    assert.deepEqual(await searchKnowledge(chat.deps.db, '  ?! ', 5), []);
  });

  it('picks the sentences of an entry that share most with the question', async () => {
    assert.deepEqual(await bestSentences(chat.deps.db, 'jal-sahayak', 'Are women trained as masons?', 1), ['Jal Sahayak trains women as masons.']);
    // Initials and short titles end in a full stop but not a sentence.
    assert.deepEqual(await bestSentences(chat.deps.db, 'vidya-setu', 'Who began Vidya Setu, and with how much?', 1), ['Dr A. K. Rao began Vidya Setu in 1990 with Rs. 5,000 of savings.']);
  });
});

async function storedEntries(): Promise<number> {
  const { rows } = await chat.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM knowledge_entries');
  return rows[0]?.n ?? 0;
}
