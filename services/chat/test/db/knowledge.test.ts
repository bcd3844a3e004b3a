import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { importKnowledge, missingWords, NAME_SPELLINGS } from '../../src/db/knowledge.ts';
import type { KnowledgeEntry } from '../../src/domain/knowledge-entry.ts';
import type { LoadedEntry } from '../../src/adapters/knowledge-files.ts';
import { searchKnowledge } from '../../src/use-cases/search-knowledge.ts';
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
    review_by: '2029-11-23',
  };
  return { entry: value, contentHash: JSON.stringify(value) };
}

const rainwater = entry(
  'jal-sahayak',
  'Jal Sahayak',
  'Jal Sahayak builds rainwater harvesting tanks in villages of Rajasthan. Jal Sahayak trains women as masons. The tanks store monsoon rain for the dry months.',
);
const schools = entry(
  'vidya-setu',
  'Vidya Setu',
  'Dr A. K. Rao began Vidya Setu in 1990 with Rs. 5,000 of savings. Vidya Setu runs evening classes for children who work in the fields. Vidya Setu volunteers teach reading and arithmetic in Hindi.',
);

describe('the knowledge base', () => {
  it('imports the files once: unchanged entries are skipped, changed ones replaced, removed ones deleted', async () => {
    const fromTheRepository = await storedEntries();
    assert.ok(fromTheRepository > 0, 'the service imported the repository files at start');
    assert.deepEqual(await importKnowledge(chat.deps.db, [rainwater, schools]), { added: 2, updated: 0, removed: fromTheRepository, unchanged: 0 });
    assert.deepEqual(await importKnowledge(chat.deps.db, [rainwater, schools]), { added: 0, updated: 0, removed: 0, unchanged: 2 });
    const changed = entry('vidya-setu', 'Vidya Setu', `${schools.entry.body} Vidya Setu also runs a library on a bicycle.`);
    assert.deepEqual(await importKnowledge(chat.deps.db, [changed]), { added: 0, updated: 1, removed: 1, unchanged: 0 });
    const { rows: pending } = await chat.deps.db.query<{ pages: number }>(
      "SELECT gin_clean_pending_list('knowledge_entries_document'::regclass)::int AS pages",
    );
    assert.deepEqual(pending, [{ pages: 0 }], 'the import merged its rows into the full-text index');
    assert.deepEqual(
      (await searchKnowledge(chat.deps.db, 'library bicycle', 5)).map((e) => e.id),
      ['vidya-setu'],
    );
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

  it('ranks only the holders of the rarest words, and matches titles and questions alone when every word is held by too many', async () => {
    const monsoon = [
      entry('monsoon-watch', 'Monsoon Watch', 'Monsoon Watch maps rainfall for farmers.'),
      entry('kheti-sathi', 'Kheti Sathi', 'Kheti Sathi helps farmers plan sowing before the monsoon.'),
      entry('gram-jal', 'Gram Jal', 'Gram Jal cleans village ponds after the monsoon.'),
    ];
    await importKnowledge(chat.deps.db, [rainwater, schools, ...monsoon]);
    const found = async (question: string, budget?: number) => (await searchKnowledge(chat.deps.db, question, 10, budget)).map((e) => e.id).sort();
    // Four entries hold "monsoon" (one of them, Jal Sahayak, holds "masons" too).
    assert.deepEqual(await found('monsoon masons'), ['gram-jal', 'jal-sahayak', 'kheti-sathi', 'monsoon-watch']);
    assert.deepEqual(await found('monsoon masons', 2), ['jal-sahayak']);
    assert.deepEqual(await found('monsoon', 2), ['monsoon-watch']);
    await importKnowledge(chat.deps.db, [rainwater, schools]);
  });

  it('boosts no entry for a misspelt title word that so many titles share it names none of them', async () => {
    const sanghs = Array.from({ length: 51 }, (_, i) => entry(`sangathan-${String(i)}`, `Sangathan ${String(i)}`, `Sangathan ${String(i)} is one of many.`));
    await importKnowledge(chat.deps.db, [rainwater, schools, ...sanghs.slice(0, 3)]);
    assert.equal((await searchKnowledge(chat.deps.db, 'sangathn', 10)).length, 3);
    await importKnowledge(chat.deps.db, [rainwater, schools, ...sanghs]);
    assert.deepEqual(await searchKnowledge(chat.deps.db, 'sangathn', 10), []);
    await importKnowledge(chat.deps.db, [rainwater, schools]);
  });

  it('takes a misspelt word for the few names nearest in spelling, not for every name a few letters from it', async () => {
    const names = Array.from('abcdefghijkl', (letter) => entry(`sangathan-${letter}`, `Sangathan${letter}x`, `Sangathan${letter}x is one of many.`));
    assert.ok(names.length > NAME_SPELLINGS);
    await importKnowledge(chat.deps.db, [rainwater, schools, ...names]);
    const found = await searchKnowledge(chat.deps.db, 'sangathn', 20);
    assert.deepEqual(
      found.map((e) => e.id).sort(),
      names.slice(0, NAME_SPELLINGS).map((name) => name.entry.id),
    );
    await importKnowledge(chat.deps.db, [rainwater, schools]);
  });

  it('names the telling words an entry lacks, a hyphenated word by its parts and the framing words left out', async () => {
    const lacking = async (question: string, framing: string[] = []) => (await missingWords(chat.deps.db, question, ['vidya-setu'], framing)).get('vidya-setu');
    assert.deepEqual(await lacking('evening-classes in chess for children'), ['chess']);
    assert.deepEqual(await lacking('evening-classes in chess for children', ['chess']), []);
    assert.deepEqual(await lacking('chess-playing children'), ['chess', 'play']);
  });
});

async function storedEntries(): Promise<number> {
  const { rows } = await chat.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM knowledge_entries');
  return rows[0]?.n ?? 0;
}
