// k6 load test of Better+'s journeys: sign in, ask, read history, subscription (the plan page),
// admin stats. Run it with deploy/load/run.sh (see README.md); the profile is in lib/profile.js.
import { sleep } from 'k6';
import { adminAuthorization, createPremiumAccounts } from './lib/accounts.js';
import * as journeys from './lib/journeys.js';
import { ACCOUNTS, SIGN_IN_THINK_SECONDS, scenarios, thresholds } from './lib/profile.js';

export const options = {
  scenarios,
  thresholds,
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  // Setup signs up and pays for every account, one at a time, on a machine that may be busy.
  setupTimeout: '5m',
};

export function setup() {
  return { accounts: createPremiumAccounts(ACCOUNTS), adminAuthorization: adminAuthorization() };
}

export function signIn(data) {
  journeys.signIn(data);
  sleep(SIGN_IN_THINK_SECONDS);
}

export const { ask, readHistory, subscription, adminStats } = journeys;
