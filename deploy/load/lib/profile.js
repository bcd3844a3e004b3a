// The load profile: how often each journey runs, and what it must meet. Two modes:
//   - full (default): a steady mix for DURATION (2m) that a 2-core machine sustains, scaled by
//     LOAD_SCALE (1); its latency thresholds are the service levels the journeys are held to;
//   - smoke (SMOKE=1): every journey a few times in 15 s, for CI: any failed check or request
//     fails the run, and latency bounds are loose enough for a busy machine.
import { PREMIUM_QUERIES } from './accounts.js';

const smoke = __ENV.SMOKE === '1';
const scale = Number(__ENV.LOAD_SCALE || 1);
const duration = smoke ? '15s' : __ENV.DURATION || '2m';

/** k6's duration ("90s", "2m", "1m30s") in seconds. */
const seconds = (text) => [...text.matchAll(/(\d+(?:\.\d+)?)(h|m|s)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * { h: 3600, m: 60, s: 1 }[unit], 0);

/** An open model: `perSecond` journeys start each second, however slow the answers get. */
const arrivals = (journey, perSecond) => ({
  executor: 'constant-arrival-rate',
  exec: journey,
  rate: Math.max(1, Math.round(perSecond * scale * 10)),
  timeUnit: '10s',
  duration,
  preAllocatedVUs: Math.max(2, Math.ceil(perSecond * scale)),
  maxVUs: Math.max(10, Math.ceil(perSecond * scale * 10)),
  tags: { journey },
});

/**
 * Sign-in as people do it: each VU (one client address, see run.sh) signs in, then reads for a
 * while. A closed model on purpose: identity allows 100 sign-ins per address in 15 minutes, and
 * one address signing in several times a second is what that limit is there to stop.
 */
const people = (journey, vus) => ({ executor: 'constant-vus', exec: journey, vus: Math.max(1, Math.round(vus * scale)), duration, tags: { journey } });

/** What a signed-in person spends reading before the VU signs in again. */
export const SIGN_IN_THINK_SECONDS = smoke ? 2 : 4;

export const scenarios = smoke
  ? {
      signIn: people('signIn', 1),
      ask: arrivals('ask', 0.5),
      readHistory: arrivals('readHistory', 1),
      subscription: arrivals('subscription', 1),
      adminStats: arrivals('adminStats', 0.4),
    }
  : {
      signIn: people('signIn', 10),
      ask: arrivals('ask', 1),
      readHistory: arrivals('readHistory', 5),
      subscription: arrivals('subscription', 5),
      adminStats: arrivals('adminStats', 0.5),
    };

/** How many questions the profile asks at most. */
const questionsAsked = Math.ceil((scenarios.ask.rate / 10) * seconds(duration));

/** Accounts made in setup: at least twice the Premium allowance the questions take. */
export const ACCOUNTS = Math.max(smoke ? 3 : 20, Math.ceil((2 * questionsAsked) / PREMIUM_QUERIES));

// p95 bounds in milliseconds: full mode's are the journeys' service levels on the embedded stack.
const p95 = smoke
  ? { signIn: 10_000, ask: 15_000, readHistory: 10_000, subscription: 10_000, adminStats: 10_000 }
  : { signIn: 1_000, ask: 3_000, readHistory: 500, subscription: 500, adminStats: 1_000 };

const perJourney = Object.entries(p95).flatMap(([journey, bound]) => [
  [`http_req_duration{journey:${journey}}`, [`p(95)<${bound}`]],
  [`checks{journey:${journey}}`, [smoke ? 'rate==1' : 'rate>0.99']],
  // A submetric without samples passes every rate and latency bound: a journey must have run.
  [`iterations{journey:${journey}}`, ['count>0']],
]);

export const thresholds = {
  http_req_failed: [smoke ? 'rate==0' : 'rate<0.01'],
  checks: [smoke ? 'rate==1' : 'rate>0.99'],
  ...Object.fromEntries(perJourney),
};
