import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeContactProblem, normalizeContactForm } from '../../src/domain/contact-form.ts';

describe('contact form', () => {
  it('trims every field and puts name and subject on one line, keeping the message lines', () => {
    assert.deepEqual(
      normalizeContactForm({ name: '  Asha \n Rao ', email: ' asha@example.in ', subject: 'Water\r\nprojects ', message: '\n Hello,\n\nthanks \n' }),
      {
        name: 'Asha Rao',
        email: 'asha@example.in',
        subject: 'Water projects',
        message: 'Hello,\n\nthanks',
      },
    );
  });

  it('describes each problem in words the contact page can show', () => {
    assert.equal(describeContactProblem({ field: 'subject', rule: 'missing' }), 'Subject is required.');
    assert.equal(describeContactProblem({ field: 'message', rule: 'too_long' }), 'Message must be at most 5000 characters.');
    assert.equal(describeContactProblem({ field: 'email', rule: 'invalid_email' }), 'Please enter a valid email address.');
    assert.equal(describeContactProblem({ rule: 'malformed' }), 'Please send name, email, subject and message.');
  });
});
