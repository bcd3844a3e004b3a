import '../../../../test/support/dom.ts';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../../test/support/app.tsx';
import type { Call, Routes } from '../../../../test/support/network.ts';
import type { AdminUserRow } from '../api/adminApi.ts';
import { basicAuthorization } from '../session/credentials.ts';

const ada: AdminUserRow = {
  user_name: 'Ada Lovelace',
  user_email: 'ada@example.in',
  subscription_plan: 'premium',
  queries_limit: 50,
  queries_used: 12,
  start_date: '2026-11-01T05:00:00.000Z',
  end_date: '2026-12-01T05:00:00.000Z',
  razorpay_subscription_id: 'sub_TEST1',
  razorpay_status: 'active',
  amount: 249_900,
};
const ravi: AdminUserRow = {
  ...ada,
  user_name: 'Ravi Kumar',
  user_email: 'ravi@example.in',
  subscription_plan: 'basic',
  queries_limit: 1,
  queries_used: 0,
  razorpay_subscription_id: null,
  razorpay_status: null,
  amount: null,
};

const authorization = basicAuthorization('admin', 'secret');

function openUsers(routes: Routes, path = '/vikarapanel/users') {
  return renderApp(path, { routes, sessionStorage: { adminCredentials: authorization } });
}

const asked = (call: Call | undefined) => Object.fromEntries(call?.search ?? []);

describe('the admin users table', () => {
  it('shows each user and their subscription, with the admin credentials on the call', async () => {
    const { network } = openUsers({ 'GET /api/admin/users': { body: { users: [ada, ravi], total: 2, page: 1, pageSize: 20 } } });
    const table = within(await screen.findByRole('table'));
    const adaRow = within((await table.findByText('Ada Lovelace')).closest('tr') as HTMLElement);
    assert.ok(adaRow.getByText('ada@example.in'));
    assert.ok(adaRow.getByText('Premium'));
    assert.ok(adaRow.getByText('₹2,499.00'));
    assert.ok(adaRow.getByText('sub_TEST1'));
    const raviRow = within(table.getByText('Ravi Kumar').closest('tr') as HTMLElement);
    assert.equal(raviRow.getAllByText('—').length, 3);
    assert.ok(screen.getByText('2 users'));
    const [call] = network.callsTo('GET /api/admin/users');
    assert.equal(call?.headers.get('Authorization'), authorization);
    assert.deepEqual(asked(call), { page: '1', pageSize: '20' });
  });

  it('sorts at the server by the column clicked, ascending then descending', async () => {
    const { user, network, router } = openUsers({ 'GET /api/admin/users': { body: { users: [ada], total: 1, page: 1, pageSize: 20 } } });
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByRole('columnheader', { name: /Amount/ }));
    await waitFor(() => {
      assert.deepEqual(asked(network.callsTo('GET /api/admin/users').at(-1)), { page: '1', pageSize: '20', sort: 'amount', order: 'asc' });
    });
    await user.click(screen.getByRole('columnheader', { name: /Amount/ }));
    await waitFor(() => {
      assert.deepEqual(asked(network.callsTo('GET /api/admin/users').at(-1)), { page: '1', pageSize: '20', sort: 'amount', order: 'desc' });
    });
    assert.equal(router.state.location.search, '?sort=amount&order=desc');
  });

  it('searches by what is typed, and says when nobody matches', async () => {
    const { user, network } = openUsers({
      'GET /api/admin/users': ({ search }) => ({
        body: { users: search.has('search') ? [] : [ada], total: search.has('search') ? 0 : 1, page: 1, pageSize: 20 },
      }),
    });
    await screen.findByText('Ada Lovelace');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'nobody');
    assert.ok(await screen.findByText('No users found'));
    assert.deepEqual(asked(network.callsTo('GET /api/admin/users').at(-1)), { page: '1', pageSize: '20', search: 'nobody' });
  });

  it('says the users could not be fetched when the server refuses', async () => {
    openUsers({ 'GET /api/admin/users': { status: 400, body: { code: 'BAD_REQUEST', message: 'Bad page' } } });
    assert.ok(await screen.findByText('Failed to fetch subscriptions data'));
  });

  it('ends the admin session when the credentials are refused, and shows the sign-in', async () => {
    openUsers({ 'GET /api/admin/users': { status: 401, body: { code: 'UNAUTHORIZED', message: 'Unauthorized' } } });
    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' }));
    assert.equal(sessionStorage.getItem('adminCredentials'), null);
  });
});
