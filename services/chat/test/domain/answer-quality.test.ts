// Holds the embedded answerer's figures on the question sets (eval/question-set.ts): the persona
// set's test half, composed as users write before the archive was read, and the older set written
// from the entries. `npm run eval:answers` prints them in full, with every question not right.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestStack } from '@betterplus/kit/testing';
import { askingUser } from '../../eval/asking-user.ts';
import { evaluate, figures, offers, rate, report, type Asked, type Scored, type Tally } from '../../eval/evaluate.ts';
import { loadOlderQuestions, loadPersonaQuestions, type LabelledQuestion } from '../../eval/question-set.ts';
import { startChat, type Chat } from '../support/chat.ts';

/**
 * The figures as measured when they were set (issue 23's closing notes), a little below. Session
 * 30, on 902 entries, the test half grown to 382 by a fourth batch of untuned questions: 49.0% of
 * covered questions right, 30 of 36 uncovered ones abstained (83.3%), 59 of 60 off-topic ones,
 * 7.1% of all wrong; the older set 64.1% right, 2.1% wrong. Issue 23 aims at 2% wrong and 90%
 * right: tighten these as retrieval gets there, never loosen them to pass a change unless the
 * same change is better by right minus three times wrong, and say so here. Two were loosened so:
 * - off-topic 0.98 -> 0.97 (session 27), one question of 45: closeness (domain/relevance.ts),
 *   calibrated on the dev half, answers "how much does a 3kw rooftop solar panel cost for my house"
 *   from PM Surya Ghar's subsidy, a price the labels count off-topic, while it gained six covered
 *   questions right on this half (150 -> 161 right, 19 wrong before and after);
 * - wrong 0.07 -> 0.075 (session 28): 401 Hindi and Hinglish glossary words from fresh questions
 *   took this half from 163 to 168 right and from 19 to 21 wrong, one point worse here by that
 *   rule, where the dev half (+1 right) and the older set (+4) gained with no wrong answer more:
 *   better by the rule on the three sets together (+10 right, +2 wrong), as decisions are made on
 *   dev and older, not here;
 * - wrong 0.075 -> 0.076 (session 34): acronyms read from the names of their letters in Devanagari
 *   (एनएसएस → NSS, replacing 29 of them listed in the glossary), English words as Hindi writes them
 *   (सोशल, यूनिट) and "c", "w" and "yu" in soundOf took the dev half from 196 to 202 right with no
 *   wrong answer more and left the older set as it was, while this half went from 140 to 141 right
 *   and from 27 to 29 wrong (7.6%): +7 right and +2 wrong on the three sets together. Session 30
 *   refused the letters alone (dev +1 right; here +2 wrong).
 */
const FLOOR = { wrong: 0.076, coveredRight: 0.48, uncoveredAbstained: 0.8, offTopicAbstained: 0.97 };
/**
 * What abstentions offer (evaluate.ts offers), measured when it was added (session 33, test half):
 * 80 of 126 covered questions abstained on were offered a question whose answer is right for
 * them (63%), and 8 of 59 off-topic ones were offered anything (14%).
 */
const OFFERS_FLOOR = { coveredOfferedRight: 0.6, offTopicOfferedAtMost: 0.2 };
const OLDER_FLOOR = { wrong: 0.03, coveredRight: 0.62, offTopicAbstained: 0.98 };

let stack: TestStack;
let chat: Chat;
let headers: Record<string, string>;
before(async () => {
  ({ stack, chat } = await startChat());
  headers = await askingUser(chat.deps.db, stack);
});
after(() => stack.close());

async function askOne(question: string): Promise<Asked> {
  const started = performance.now();
  const response = await chat.app.inject({ method: 'POST', url: '/api/chat', headers, payload: { message: question } });
  assert.equal(response.statusCode, 200, question);
  return { ...response.json<Omit<Asked, 'ms'>>(), ms: performance.now() - started };
}

const ask = (questions: readonly LabelledQuestion[]): Promise<Scored[]> => evaluate(questions, askOne);

const share = (t: Tally, of: keyof Omit<Tally, 'total'>) => rate(t[of], t.total);

describe('the embedded answerer on questions as users write them (the persona set, test half)', () => {
  it('is rarely wrong, answers what the archive holds in English, Hinglish and Hindi, abstains on what it does not, and offers what the archive answers in other words', async () => {
    const questions = await loadPersonaQuestions('test');
    assert.ok(questions.length >= 150, 'the test half is labelled');
    const scored = await ask(questions);
    const f = figures(scored);
    const offered = await offers(scored, askOne);
    const shown = report(scored, 'the persona set, test half', offered);
    assert.ok(share(f.all, 'wrong') <= FLOOR.wrong, shown);
    assert.ok(share(f.covered, 'right') >= FLOOR.coveredRight, shown);
    assert.ok(share(f.uncovered, 'right') >= FLOOR.uncoveredAbstained, shown);
    assert.ok(share(f.offTopic, 'right') >= FLOOR.offTopicAbstained, shown);
    assert.ok(rate(offered.covered.offered, offered.covered.of) >= OFFERS_FLOOR.coveredOfferedRight, shown);
    assert.ok(rate(offered.offTopic.offered, offered.offTopic.of) <= OFFERS_FLOOR.offTopicOfferedAtMost, shown);
  });
});

describe('the embedded answerer on the older set, written from the entries', () => {
  it('is rarely wrong, answers its questions with a relevant cited entry and abstains on its out-of-scope ones', async () => {
    const scored = await ask(await loadOlderQuestions());
    const f = figures(scored);
    const shown = report(scored, 'the older set');
    assert.ok(share(f.all, 'wrong') <= OLDER_FLOOR.wrong, shown);
    assert.ok(share(f.covered, 'right') >= OLDER_FLOOR.coveredRight, shown);
    assert.ok(share(f.offTopic, 'right') >= OLDER_FLOOR.offTopicAbstained, shown);
  });
});
