/* global __ENV */
// k6 load through the cluster's gateway Service while deploy/cluster/test.sh restarts or evicts
// pods: a steady stream of the reads the web app makes, to every component that serves one
// (web, identity, billing, chat, admin-reporting, and Envoy itself), as a Premium user the journey
// made. Runs until stopped (SIGINT) or MAX_DURATION; handleSummary writes the request and failure
// counts to SUMMARY_FILE. Any non-2xx answer or transport error counts as a failed request.
// Env: BASE_URL, TOKEN, ADMIN_USERNAME, ADMIN_PASSWORD, SUMMARY_FILE, RATE (requests/s, default 30),
// MAX_DURATION (default 10m).
import http from 'k6/http';
import encoding from 'k6/encoding';
import exec from 'k6/execution';

const user = { headers: { authorization: `Bearer ${__ENV.TOKEN}` } };
const admin = { headers: { authorization: `Basic ${encoding.b64encode(`${__ENV.ADMIN_USERNAME}:${__ENV.ADMIN_PASSWORD}`)}` } };
const READS = [
  ['/', {}],
  ['/healthz', {}],
  ['/api/user', user],
  ['/api/subscription', user],
  ['/api/invoices', user],
  ['/api/chat/history', user],
  ['/api/chat/queries-left', user],
  ['/api/admin/stats', admin],
];

export const options = {
  scenarios: {
    reads: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE || 30),
      timeUnit: '1s',
      duration: __ENV.MAX_DURATION || '10m',
      preAllocatedVUs: 20,
      maxVUs: 100,
    },
  },
  // Requests that never got an answer count as failed, whatever the time they took.
  summaryTrendStats: ['avg', 'p(95)', 'max'],
};

let reported = 0;
export default function () {
  const [path, params] = READS[exec.scenario.iterationInTest % READS.length];
  const response = http.get(`${__ENV.BASE_URL}${path}`, { ...params, timeout: '20s', tags: { name: path } });
  if ((response.status < 200 || response.status >= 300) && reported < 20) {
    reported += 1;
    console.warn(`failed: GET ${path} -> ${response.status} ${response.error || ''} ${String(response.body || '').slice(0, 200)}`);
  }
}

export function handleSummary(data) {
  const failed = data.metrics.http_req_failed;
  const summary = { requests: data.metrics.http_reqs ? data.metrics.http_reqs.values.count : 0, failed: failed ? failed.values.passes : 0 };
  return { [__ENV.SUMMARY_FILE]: JSON.stringify(summary), stdout: `load: ${summary.failed} failed of ${summary.requests} requests\n` };
}
