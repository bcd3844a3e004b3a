import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, dueForReview, latestReviewBy, reviewProblem, reviewSchedule } from '../../src/domain/knowledge-review.ts';

describe('the review rule', () => {
  it('allows schemes and guides a year after as_of and the other kinds three, 29 February falling to the 28th', () => {
    assert.equal(latestReviewBy('scheme', '2026-11-23'), '2027-11-23');
    assert.equal(latestReviewBy('guide', '2026-11-23'), '2027-11-23');
    for (const kind of ['story', 'organisation', 'changemaker', 'solution'] as const) assert.equal(latestReviewBy(kind, '2026-11-23'), '2029-11-23');
    assert.equal(latestReviewBy('scheme', '2028-02-29'), '2029-02-28');
    assert.equal(latestReviewBy('story', '2028-02-29'), '2031-02-28');
    assert.equal(latestReviewBy('story', '2029-02-28'), '2032-02-28');
  });

  it('takes any day after as_of up to that one', () => {
    assert.equal(reviewProblem({ kind: 'scheme', as_of: '2026-11-23', review_by: '2026-11-24' }), undefined);
    assert.equal(reviewProblem({ kind: 'scheme', as_of: '2026-11-23', review_by: '2027-11-23' }), undefined);
    assert.match(reviewProblem({ kind: 'scheme', as_of: '2026-11-23', review_by: '2027-11-24' }) ?? '', /later than 2027-11-23/);
    assert.match(reviewProblem({ kind: 'story', as_of: '2026-11-23', review_by: '2026-11-23' }) ?? '', /must be later than as_of/);
    assert.match(reviewProblem({ kind: 'story', as_of: '2026-11-23', review_by: '2025-01-01' }) ?? '', /must be later than as_of/);
  });
});

describe('entries due for review', () => {
  const entries = [
    { id: 'b', review_by: '2027-11-23' },
    { id: 'c', review_by: '2029-11-23' },
    { id: 'a', review_by: '2027-11-23' },
    { id: 'd', review_by: '2027-12-01' },
  ];

  it('are those due on or before the day, oldest first, then by id', () => {
    assert.deepEqual(dueForReview(entries, '2027-11-22'), []);
    assert.deepEqual(
      dueForReview(entries, '2027-11-23').map((e) => e.id),
      ['a', 'b'],
    );
    assert.deepEqual(
      dueForReview(entries, '2030-01-01').map((e) => e.id),
      ['a', 'b', 'd', 'c'],
    );
  });

  it('are counted by review date, oldest first', () => {
    assert.deepEqual(reviewSchedule(entries), [
      { reviewBy: '2027-11-23', entries: 2 },
      { reviewBy: '2027-12-01', entries: 1 },
      { reviewBy: '2029-11-23', entries: 1 },
    ]);
    assert.deepEqual(reviewSchedule([]), []);
  });

  it('moves a day by whole days across months and years', () => {
    assert.equal(addDays('2027-12-25', 10), '2028-01-04');
    assert.equal(addDays('2028-03-01', -1), '2028-02-29');
    assert.equal(addDays('2027-11-23', 0), '2027-11-23');
  });
});
