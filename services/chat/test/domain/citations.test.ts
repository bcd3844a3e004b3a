import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NOT_IN_ARCHIVE, citationFilter, citedIds, withoutCitations } from '../../src/domain/citations.ts';

/** The text fed to a filter in the given pieces, and what it showed. */
function streamed(pieces: readonly string[]): string[] {
  const filter = citationFilter();
  return [...pieces.map((piece) => filter.push(piece)), filter.end()];
}

// What a whole text shows: nothing of a reply that is the abstention.
const shown = (text: string) => (text.startsWith(NOT_IN_ARCHIVE) ? '' : withoutCitations(text));

const answers = [
  '**Goonj** began in 1999 [goonj]. Villagers work on shared assets [goonj] and get material [cloth-for-work].',
  '  Leading spaces [a-b]  and a note [not a citation] that stays.\n\nA second paragraph [x1].  ',
  'A bracket that never closes [goonj',
  'NOT_IN_ARCHIVE',
  'NOT_IN_ARCHIVE, as the entries say nothing of it.',
  'NOT bad: an answer that begins like the abstention [goonj].',
];

describe('the citations of a streamed model answer', () => {
  it('shows, however the text is cut into deltas, exactly the text without its citations', () => {
    for (const text of answers) {
      for (let cut = 0; cut <= text.length; cut += 1) {
        assert.equal(streamed([text.slice(0, cut), text.slice(cut)]).join(''), shown(text), `${text} cut at ${String(cut)}`);
      }
      const characters = streamed(Array.from(text));
      assert.equal(characters.join(''), shown(text), `${text} one character at a time`);
      assert.ok(
        characters.every((piece) => !/\[[a-z0-9-]+\]/.test(piece)),
        'no citation is ever shown',
      );
    }
  });

  it('shows text as soon as it cannot become a citation or the abstention', () => {
    const filter = citationFilter();
    assert.equal(filter.push('NOT'), '');
    assert.equal(filter.push(' bad '), 'NOT bad');
    assert.equal(filter.push('at all [go'), ' at all');
    assert.equal(filter.push('onj]. Next'), '. Next');
  });

  it('lists each cited id once, in order', () => {
    assert.deepEqual(citedIds(answers[0] ?? ''), ['goonj', 'cloth-for-work']);
    assert.equal(withoutCitations(answers[0] ?? ''), '**Goonj** began in 1999. Villagers work on shared assets and get material.');
  });
});
