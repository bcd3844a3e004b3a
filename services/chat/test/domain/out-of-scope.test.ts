import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outOfScopeKind } from '../../src/domain/out-of-scope.ts';

describe('questions Better+ does not answer, whatever words they share with the archive', () => {
  it('names the kind of an out-of-scope question', () => {
    assert.equal(outOfScopeKind('Hi there, how are you?'), 'small talk');
    assert.equal(outOfScopeKind('which NGOs work on homelessness in London'), 'another country');
    assert.equal(outOfScopeKind('write a python function to sort a list'), 'code');
    assert.equal(outOfScopeKind('best water purifier brand to buy'), 'shopping, prices and investing');
    assert.equal(outOfScopeKind('which solar panel brand is cheapest on amazon'), 'shopping, prices and investing');
    assert.equal(outOfScopeKind('my father has chest pain, which medicine should he take'), "one person's medical case");
    assert.equal(outOfScopeKind('how can I get bail for my brother'), "one person's legal case");
    assert.equal(outOfScopeKind('who won the football world cup in 2022'), 'news, sport, weather and entertainment');
  });

  it('lets questions about social impact in India through, even ones with tricky words', () => {
    for (const question of [
      'Who founded Goonj?',
      'who got the magsaysay award in 2011 for taking solar power to the poor',
      'the akshay kumar film padman is based on which person',
      'what does the American India Foundation do',
      'how do I register an NGO in India?',
      'ngo kaise register kare',
      'which scheme gives pension to old people',
    ]) {
      assert.equal(outOfScopeKind(question), undefined, question);
    }
  });
});
