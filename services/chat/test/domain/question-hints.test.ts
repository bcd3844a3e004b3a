import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hintsOf } from '../../src/domain/question-hints.ts';

describe('what a question says beyond its words', () => {
  it('finds the states it names, spelt out, abbreviated in capitals, by an old name or a city', () => {
    assert.deepEqual(hintsOf('water conservation projects in rajasthan').states, ['Rajasthan']);
    assert.deepEqual(hintsOf('NGOs for girls in UP').states, ['Uttar Pradesh']);
    assert.deepEqual(hintsOf('can you pick up the kids').states, [], 'a lower-case "up" is a word');
    assert.deepEqual(hintsOf('orissa cyclone relief').states, ['Odisha']);
    assert.deepEqual(hintsOf('slum schools in bangalore').states, ['Karnataka']);
    assert.deepEqual(hintsOf('tribal health in jammu and kashmir').states, ['Jammu and Kashmir']);
    assert.deepEqual(hintsOf('special school with physiotherapy in nagpur').states, ['Maharashtra'], 'a million-plus city');
    assert.deepEqual(hintsOf('food banks in vizag or trichy').states.sort(), ['Andhra Pradesh', 'Tamil Nadu'], 'by the names people use');
  });

  it('points to causes by their words, English or Hindi, and knows a how-to question', () => {
    assert.deepEqual(hintsOf('pani ki samasya for farmers').causes.sort(), ['agriculture', 'water']);
    assert.deepEqual(hintsOf('schools for disabled children').causes.sort(), ['children', 'disability', 'education']);
    assert.equal(hintsOf('How do I register an NGO?').howTo, true);
    assert.equal(hintsOf('ngo kaise register kare').howTo, true);
    assert.equal(hintsOf('steps to get 80G approval').howTo, true);
    assert.equal(hintsOf('Who founded Goonj?').howTo, false);
  });

  it('gives the English of Hindi words typed in Latin letters', () => {
    assert.deepEqual(hintsOf('kisan yojana paisa').english.sort(), ['farmer', 'money', 'scheme']);
    assert.deepEqual(hintsOf('Who founded Goonj?').english, []);
  });
});
