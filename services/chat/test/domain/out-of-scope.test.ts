import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { outOfScopeKind } from '../../src/domain/out-of-scope.ts';

describe('questions Better+ does not answer, whatever words they share with the archive', () => {
  it('names the kind of an out-of-scope question', () => {
    assert.equal(outOfScopeKind('Hi there, how are you?'), 'small talk');
    assert.equal(outOfScopeKind('thank you so much!'), 'small talk');
    assert.equal(outOfScopeKind('write a short story for my daughter about a brave cat'), 'writing for someone');
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
      // A greeting, a family member or a class before the question does not make it small talk, a medical case or homework.
      'hi, we run a night school in Pune, how do we get 80G for donors?',
      'Hello team. My daughter has autism; is there a disability pension in Kerala?',
      'my father is 70, can he get an ayushman card',
      'who was Ela Bhatt? want her story for my students',
      'how can women artisans sell on Amazon Karigar',
    ]) {
      assert.equal(outOfScopeKind(question), undefined, question);
    }
  });
});
