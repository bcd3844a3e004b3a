import '../../../../test/support/dom.ts';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, testUser } from '../../../../test/support/app.tsx';
import type { Routes } from '../../../../test/support/network.ts';
import type { BillingDetails, Invoice, Subscription } from '../../../billing/api.ts';

const premium: Subscription = { plan: 'premium', active: true, status: 'active', queriesUsed: 3, queriesLimit: 50, endDate: '2026-12-24T05:00:00.000Z' };
const billingDetails: BillingDetails = {
  stateCode: null,
  gstin: null,
  states: [
    { code: '27', name: 'Maharashtra' },
    { code: '29', name: 'Karnataka' },
  ],
};
const invoice = { id: 7, number: 'BP-2026-000007', amount: 249_900, created_at: '2026-11-24T05:00:00.000Z' } as Invoice;

function openProfile(routes: Routes = {}) {
  return renderApp('/profile', {
    signedIn: true,
    routes: {
      'GET /api/subscription': { body: premium },
      'GET /api/subscription/billing-details': { body: billingDetails },
      'GET /api/invoices': { body: [invoice] },
      ...routes,
    },
  });
}

/** The card of the section titled `title`. */
const section = async (title: string) => within((await screen.findByRole('heading', { level: 2, name: title })).closest('.ant-card') as HTMLElement);

describe('the profile page: Profile Information', () => {
  it('saves a new name and says so', async () => {
    const { user, network } = openProfile({ 'PUT /api/user': ({ body }) => ({ body: { ...testUser, ...(body as object) } }) });
    const card = await section('Profile Information');
    const name = await card.findByLabelText<HTMLInputElement>('Name');
    assert.equal(name.value, testUser.name);
    assert.equal(card.getByLabelText<HTMLInputElement>('Email').readOnly, true);
    await user.clear(name);
    await user.type(name, 'Asha R.');
    await user.click(card.getByRole('button', { name: 'Update Profile' }));
    assert.ok(await card.findByText('Profile updated successfully'));
    assert.deepEqual(
      network.callsTo('PUT /api/user').map((call) => call.body),
      [{ name: 'Asha R.' }],
    );
  });

  it('says the update failed when the server refuses it', async () => {
    const { user } = openProfile({ 'PUT /api/user': { status: 400, body: { error: 'Name too long' } } });
    const card = await section('Profile Information');
    await user.click(await card.findByRole('button', { name: 'Update Profile' }));
    assert.ok(await card.findByText('Failed to update profile'));
  });
});

describe('the profile page: Change Password', () => {
  it('changes the password, carries on with the fresh token and empties the form', async () => {
    const { user, network } = openProfile({ 'PUT /api/user/change-password': { body: { token: 'fresh-token' } } });
    const card = await section('Change Password');
    await user.type(card.getByLabelText('Current Password'), 'old secret');
    await user.type(card.getByLabelText('New Password'), 'new secret');
    await user.click(card.getByRole('button', { name: 'Change Password' }));
    assert.ok(await card.findByText('Password changed successfully'));
    assert.deepEqual(
      network.callsTo('PUT /api/user/change-password').map((call) => call.body),
      [{ currentPassword: 'old secret', newPassword: 'new secret' }],
    );
    assert.equal(localStorage.getItem('token'), 'fresh-token');
    assert.equal(card.getByLabelText<HTMLInputElement>('New Password').value, '');
  });

  it('asks for both passwords, and says the change failed when the server refuses it', async () => {
    const { user } = openProfile({ 'PUT /api/user/change-password': { status: 400, body: { error: 'Current password is incorrect' } } });
    const card = await section('Change Password');
    await user.click(card.getByRole('button', { name: 'Change Password' }));
    assert.ok(await card.findByText('Please enter your current password'));
    assert.ok(card.getByText('Please enter a new password'));
    await user.type(card.getByLabelText('Current Password'), 'wrong');
    await user.type(card.getByLabelText('New Password'), 'new secret');
    await user.click(card.getByRole('button', { name: 'Change Password' }));
    assert.ok(await card.findByText('Failed to change password'));
  });
});

describe('the profile page: Current Subscription', () => {
  it('shows the plan, and cancels Premium after the confirmation', async () => {
    const { user, network } = openProfile({ 'POST /api/subscription/cancel': { body: { ...premium, status: 'cancelled' } } });
    const card = await section('Current Subscription');
    assert.ok(await card.findByText('Premium'));
    assert.ok(card.getByText('3 / 50'));
    await user.click(card.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your Premium subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Subscription' }));
    assert.ok(await card.findByText('Subscription cancelled successfully. You can continue using premium features until your current billing period ends.'));
    assert.ok(card.getByText('Cancelled'));
    assert.equal(network.callsTo('POST /api/subscription/cancel').length, 1);
    assert.equal(card.queryByRole('button', { name: 'Cancel Subscription' }), null);
  });

  it('says the cancellation failed when the server refuses it', async () => {
    const { user } = openProfile({ 'POST /api/subscription/cancel': { status: 409, body: { error: 'Already cancelled' } } });
    const card = await section('Current Subscription');
    await user.click(await card.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Cancel Subscription' }));
    assert.ok(await card.findByText('Failed to cancel subscription'));
  });

  it('says so when there is no subscription', async () => {
    openProfile({ 'GET /api/subscription': { status: 404, body: { error: 'No subscription' } } });
    assert.ok(await (await section('Current Subscription')).findByText('No active subscription'));
  });
});

describe('the profile page: Billing Details', () => {
  it('refuses a GSTIN of another state before asking the server', async () => {
    const { user, network } = openProfile();
    const card = await section('Billing Details');
    await user.click(await card.findByRole('combobox', { name: 'State (place of supply)' }));
    await user.click(await screen.findByTitle('Maharashtra'));
    await user.type(card.getByLabelText('GSTIN (optional)'), '29abcde1234f1z5');
    await user.click(card.getByRole('button', { name: 'Save Billing Details' }));
    assert.ok(await card.findByText('A GSTIN starts with the code of its state: choose the state it is registered in'));
    assert.deepEqual(network.callsTo('PUT /api/subscription/billing-details'), []);
  });

  it("saves the state and GSTIN, or shows the server's reason for refusing the GSTIN", async () => {
    const { user, network } = openProfile({ 'PUT /api/subscription/billing-details': { status: 400, body: { error: 'The GSTIN check character is wrong' } } });
    const card = await section('Billing Details');
    await user.type(await card.findByLabelText('GSTIN (optional)'), '29ABCDE1234F1Z6');
    await user.click(card.getByRole('button', { name: 'Save Billing Details' }));
    assert.ok(await card.findByText('The GSTIN check character is wrong'));

    network.answer('PUT /api/subscription/billing-details', ({ body }) => ({ body: { ...billingDetails, ...(body as object) } }));
    await user.click(card.getByRole('button', { name: 'Save Billing Details' }));
    assert.ok(await card.findByText('Billing details saved'));
    assert.deepEqual(network.callsTo('PUT /api/subscription/billing-details').at(-1)?.body, { stateCode: null, gstin: '29ABCDE1234F1Z6' });
  });
});

describe('the profile page: Invoices', () => {
  it('lists each invoice with its amount and a link to it', async () => {
    openProfile();
    const card = await section('Invoices');
    assert.ok(await card.findByText('₹2499.00'));
    assert.equal(card.getByRole('link', { name: 'View invoice BP-2026-000007' }).getAttribute('href'), '/invoices/7');
  });

  it('says so when there are none', async () => {
    openProfile({ 'GET /api/invoices': { body: [] } });
    assert.ok(await (await section('Invoices')).findByText('No invoices available'));
  });
});

it('the profile page ends the session when a call is answered 401', async () => {
  const { user, router } = openProfile({ 'PUT /api/user': { status: 401, body: { error: 'Unauthorized' } } });
  await user.click(await (await section('Profile Information')).findByRole('button', { name: 'Update Profile' }));
  await waitFor(() => {
    assert.equal(router.state.location.pathname, '/');
  });
  assert.equal(localStorage.getItem('token'), null);
});
