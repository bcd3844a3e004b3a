import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { archiveSpellings } from '../../src/domain/names.ts';
import { respelt } from '../../src/domain/spelling.ts';

const spellings = archiveSpellings([
  { title: 'Aravind Eye Care', text: 'Funds received in the account. An impact assessment of the eligible projects. What is done.' },
  { title: 'Kahn Trust', text: 'The Puran library.' },
]);
const english: ReadonlySet<string> = new Set(['wheat', 'receive', 'what']);

describe('misspelt words spelt as the archive spells them', () => {
  it('mends a word neither the archive nor English holds, to the archive word of its sound a letter or two away', () => {
    assert.equal(
      respelt('pm kisan money not recieved, is an impact assesment needed', spellings, english),
      'pm kisan money not received, is an impact assessment needed',
    );
    assert.equal(respelt('Am I elegible at Aravindh?', spellings, english), 'Am I eligible at Aravindh?', 'a name losing its last letter is not mended');
  });

  it('keeps English words, unknown names and Hindi words the archive lacks', () => {
    assert.equal(respelt('wheat farming', spellings, english), 'wheat farming', 'wheat is English, not a misspelt what');
    assert.equal(respelt('villgro incubator', spellings, english), 'villgro incubator');
    assert.equal(respelt('unki kahani puranii', spellings, english), 'unki kahani puranii', 'a Hindi ending is not a misspelling of Kahn or Puran');
  });
});
