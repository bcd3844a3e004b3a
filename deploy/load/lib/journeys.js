// The journeys, each the calls the web app makes for it. Every request carries the scenario's
// `journey` tag, so the thresholds hold each journey to its own latency and checks.
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { asUser, bodyOf, getJson, postJson, url } from './http.js';

// Questions the knowledge base answers (from the chat page's suggestion blocks).
const QUESTIONS = [
  'Which organisations work on menstrual health in villages?',
  'How does Aravind Eye Care treat so many patients at low cost?',
  'What is Ayushman Bharat PM-JAY?',
  'How does Akshaya Patra run its school meals?',
  'What is the Mitticool clay fridge?',
  'How did Sikkim become a fully organic state?',
  'How do I start a self-help group?',
  'Can my donation get a tax deduction under 80G?',
  'How does Jal Jeevan Mission bring tap water to homes?',
  'Who is the Waterman of India?',
  'What did Verghese Kurien do for dairy farmers?',
  'What does SELCO India do for solar energy?',
];

/** The scenario's accounts taken in turn, so the load spreads evenly over them. */
const accountFor = (accounts) => accounts[exec.scenario.iterationInTest % accounts.length];

const isJson = (predicate) => (response) => {
  const body = bodyOf(response);
  return body !== undefined && predicate(body);
};

/** The sign-in form, then the session's first call. */
export function signIn({ accounts }) {
  const { email, password } = accountFor(accounts);
  const login = postJson('/api/login', { email, password });
  const signedIn = check(login, { 'sign in: 200 with a token': isJson((b) => typeof b.token === 'string' && b.token.length > 0) });
  if (!signedIn) return;
  const user = getJson('/api/user', asUser(bodyOf(login).token));
  check(user, { 'sign in: the user is known': isJson((b) => b.email === email) });
}

/** The chat page opening (allowance and history, side by side), then a question. */
export function ask({ accounts }) {
  const { token } = accountFor(accounts);
  const [left, history] = http.batch([
    ['GET', url('/api/chat/queries-left'), null, asUser(token)],
    ['GET', url('/api/chat/history'), null, asUser(token)],
  ]);
  check(history, { 'ask: history loads': (r) => r.status === 200 });
  // An account without questions left would measure the limit dialog, not an answer: the
  // profile keeps the questions asked within the accounts' allowance, so this check holds.
  if (!check(left, { 'ask: questions left': isJson((b) => b.queriesLeft > 0) })) return;
  const question = QUESTIONS[exec.scenario.iterationInTest % QUESTIONS.length];
  const answer = postJson('/api/chat', { message: question }, asUser(token));
  check(answer, { 'ask: 200 with an answer': isJson((b) => typeof b.response === 'string' && b.response.length > 0) });
}

export function readHistory({ accounts }) {
  const history = getJson('/api/chat/history', asUser(accountFor(accounts).token));
  check(history, { 'history: 200 with a list': isJson((b) => Array.isArray(b.history)) });
}

/** The plan page: the session and the current subscription, side by side. */
export function subscription({ accounts }) {
  const { token, email } = accountFor(accounts);
  const [user, plan] = http.batch([
    ['GET', url('/api/user'), null, asUser(token)],
    ['GET', url('/api/subscription'), null, asUser(token)],
  ]);
  check(user, { 'subscription: the user is known': isJson((b) => b.email === email) });
  check(plan, { 'subscription: active Premium': isJson((b) => b.plan === 'premium' && b.active === true) });
}

/** The admin dashboard's figures, with the panel's basic authentication. */
export function adminStats({ adminAuthorization }) {
  const stats = getJson('/api/admin/stats', { headers: { authorization: adminAuthorization } });
  // Its figures are a projection of events, which may not have counted the newest accounts yet.
  check(stats, { 'admin stats: 200 with the figures': isJson((b) => Number.isInteger(b.totalUsers) && Array.isArray(b.subscriptionsByPlan)) });
}
