import '../../../../test/support/dom.ts';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../../test/support/app.tsx';
import type { Routes } from '../../../../test/support/network.ts';

const account = { name: 'Asha Rao', email: 'asha@example.in', password: 'a long secret' };

/** The first step filled in and sent. */
async function signUp(routes: Routes) {
  const app = renderApp('/signup', { routes });
  const { user } = app;
  await user.type(await screen.findByLabelText('Full Name'), account.name);
  await user.type(screen.getByLabelText('Email address'), account.email);
  await user.type(screen.getByLabelText('Password'), account.password);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  return app;
}

/** The code step as a reload finds it: the address and the resend time in session storage. */
function openCodeStep(routes: Routes, resendAt = Date.now() - 1000) {
  return renderApp('/signup', { routes, sessionStorage: { pendingSignup: JSON.stringify({ email: account.email, resendAt }) } });
}

const otpBox = () => screen.findByLabelText('OTP');

describe('signing up with a mailed code', () => {
  it('asks for every field of the first step', async () => {
    const { user, network } = renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    assert.ok(await screen.findByText('Please enter your full name'));
    assert.ok(screen.getByText('Please enter your email address'));
    assert.ok(screen.getByText('Please enter a password'));
    assert.deepEqual(network.callsTo('POST /api/signup/initiate'), []);
  });

  it('sends the account, then asks for the code sent to the address, and the code signs in and opens the chat', async () => {
    const { user, network, router } = await signUp({
      'POST /api/signup/initiate': { body: { requireOTP: true } },
      'POST /api/signup/verify': { body: { token: 'new-token' } },
    });
    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Verify your email' }));
    assert.ok(screen.getByText('OTP sent to your email address'));
    assert.ok(screen.getByText(account.email));
    assert.deepEqual(
      network.callsTo('POST /api/signup/initiate').map((call) => call.body),
      [account],
    );

    await user.type(await otpBox(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await waitFor(() => {
      assert.equal(router.state.location.pathname, '/chat');
    });
    // The password of the first step goes with the code: it shows the server whose signup this is.
    assert.deepEqual(
      network.callsTo('POST /api/signup/verify').map((call) => call.body),
      [{ email: account.email, otp: '123456', password: account.password }],
    );
    assert.equal(localStorage.getItem('token'), 'new-token');
    assert.equal(sessionStorage.getItem('pendingSignup'), null);
  });

  it('signs in at once when the server needs no code', async () => {
    const { router } = await signUp({ 'POST /api/signup/initiate': { body: { token: 'new-token' } } });
    await waitFor(() => {
      assert.equal(router.state.location.pathname, '/chat');
    });
  });

  it("shows the server's reason when the account cannot be started", async () => {
    await signUp({ 'POST /api/signup/initiate': { status: 409, body: { error: 'An account with this email already exists', code: 'EMAIL_TAKEN' } } });
    assert.ok(await screen.findByText('An account with this email already exists'));
  });

  it("shows the server's reason for a wrong code, and stays on the code step", async () => {
    const { user, router } = openCodeStep({ 'POST /api/signup/verify': { status: 400, body: { error: 'Invalid or expired OTP', code: 'OTP_INVALID' } } });
    await user.type(await otpBox(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    assert.ok(await screen.findByText('Invalid or expired OTP'));
    assert.equal(router.state.location.pathname, '/signup');
  });

  it('resends the code once the wait is over and says the earlier one no longer works', async () => {
    const { user, network } = openCodeStep({ 'POST /api/signup/resend-otp': { body: { requireOTP: true } } });
    await user.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    assert.ok(await screen.findByText('OTP resent successfully. The code sent before no longer works.'));
    assert.deepEqual(
      network.callsTo('POST /api/signup/resend-otp').map((call) => call.body),
      [{ email: account.email }],
    );
    // A new wait starts with the new code.
    assert.ok(screen.getByText(/You can ask for a new code in \d+ s\./));
  });

  it('holds Resend OTP back while the wait between codes runs', async () => {
    openCodeStep({}, Date.now() + 20_000);
    const resend = await screen.findByRole('button', { name: 'Resend OTP' });
    assert.equal((resend as HTMLButtonElement).disabled, true);
    assert.ok(screen.getByText(/You can ask for a new code in (19|20) s\./));
  });

  it('goes back to the first step for a different address', async () => {
    const { user } = openCodeStep({});
    await user.click(await screen.findByRole('button', { name: 'Use a different email address' }));
    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Create your account' }));
    assert.equal(sessionStorage.getItem('pendingSignup'), null);
  });
});
