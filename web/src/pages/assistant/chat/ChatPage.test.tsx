import '../../../../test/support/dom.ts';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../../test/support/app.tsx';
import type { Reply } from '../../../../test/support/network.ts';
import { EMPTY_ANSWER_FALLBACK } from './chatApi.ts';

const asked = {
  id: 'a1',
  message: 'Which river did Rajendra Singh bring back?',
  response: 'The Arvari, in Alwar district.',
  created_at: '2026-11-20T06:30:00.000Z',
  sources: [],
  feedback: null,
};

async function openChat({ queriesLeft = 5, history = [asked] }: { queriesLeft?: number; history?: (typeof asked)[] } = {}) {
  let left = queriesLeft;
  const app = renderApp('/chat', {
    signedIn: true,
    routes: {
      'GET /api/chat/queries-left': () => ({ body: { queriesLeft: left } }),
      'GET /api/chat/history': { body: { history } },
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Chat' });
  return {
    ...app,
    setQueriesLeft: (queries: number) => {
      left = queries;
    },
  };
}

const questionBox = () => screen.getByRole('textbox', { name: 'Your question' });

describe('the chat page', () => {
  it('shows the history and the queries left', async () => {
    await openChat();
    assert.ok(await screen.findByText(asked.message));
    assert.ok(screen.getByText(asked.response));
    assert.ok(await screen.findByText('Queries left: 5'));
  });

  it('says so when there are no messages yet', async () => {
    await openChat({ history: [] });
    assert.ok(await screen.findByText('No messages yet'));
    assert.equal(screen.queryByRole('button', { name: 'Clear Chat' }), null);
  });

  it('sends a question, shows it at once with Thinking..., then the answer, and the allowance left after it', async () => {
    const { user, network, setQueriesLeft } = await openChat();
    const answer = Promise.withResolvers<Reply>();
    network.answer('POST /api/chat', () => answer.promise);
    await screen.findByText('Queries left: 5');

    await user.type(questionBox(), '  How long does an RTI reply take?  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    assert.ok(await screen.findByText('How long does an RTI reply take?'));
    assert.ok(screen.getByText('Thinking...'));
    assert.equal(questionBox().getAttribute('placeholder'), 'Hold on… Answer coming up!');
    assert.deepEqual(
      network.callsTo('POST /api/chat').map((call) => call.body),
      [{ message: 'How long does an RTI reply take?' }],
    );

    setQueriesLeft(4);
    answer.resolve({ body: { id: 'a2', response: 'Write to the Public Information Officer.', sources: [], followUps: ['What does an RTI cost?'] } });
    assert.ok(await screen.findByText('Write to the Public Information Officer.'));
    assert.equal(screen.queryByText('Thinking...'), null);
    assert.ok(await screen.findByRole('button', { name: 'What does an RTI cost?' }));
    assert.ok(await screen.findByText('Queries left: 4'));
    assert.equal(questionBox().getAttribute('placeholder'), 'Type your question here');
  });

  it('shows the fallback text when the answer is empty', async () => {
    const { user, network } = await openChat();
    network.answer('POST /api/chat', { body: { id: 'a3', response: '  ', sources: [], followUps: [] } });
    await user.type(questionBox(), 'Anything?{Enter}');
    assert.ok(await screen.findByText(EMPTY_ANSWER_FALLBACK));
  });

  it('opens the limit dialog when a send is refused with 403, and takes the question back off the list', async () => {
    const { user, network } = await openChat();
    network.answer('POST /api/chat', { status: 403, body: { error: 'Query limit reached', code: 'QUERY_LIMIT' } });
    await user.type(questionBox(), 'One more question{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Query Limit Reached' });
    assert.ok(within(dialog).getByText(/reached your monthly query limit/));
    await waitFor(() => {
      assert.equal(screen.queryByText('One more question'), null);
    });
  });

  it('opens the limit dialog as the page opens when no queries are left', async () => {
    await openChat({ queriesLeft: 0 });
    assert.ok(await screen.findByRole('dialog', { name: 'Query Limit Reached' }));
  });

  it('clears the history once the user confirms', async () => {
    const { user, network } = await openChat();
    network.answer('DELETE /api/chat/history', { body: { cleared: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Clear Chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear Chat History' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Clear History' }));
    assert.ok(await screen.findByText('No messages yet'));
    assert.equal(network.callsTo('DELETE /api/chat/history').length, 1);
  });

  it('puts a sample question in the input when picked', async () => {
    const { user } = await openChat();
    await user.click(await screen.findByRole('button', { name: 'How do I register an NGO in India?' }));
    assert.equal((questionBox() as HTMLInputElement).value, 'How do I register an NGO in India?');
  });
});
