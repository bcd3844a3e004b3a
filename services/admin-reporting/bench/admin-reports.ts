// `npm run bench:admin`: the admin calls on large read models. Seeds 100k users, their plans and
// a year of payments, and 1M queries (straight into the read models, as the events would leave
// them), then times GET /api/admin/stats and the users table; then streams the CSV export of
// 1M users over HTTP and prints rows per second and the process's peak memory. On PostgreSQL
// when DATABASE_URL is set, else on PGlite. BENCH_EXPORT_ROWS changes the export's size.
import { createTestStack } from '@betterplus/kit/testing';
import { adminReportingService } from '../src/app.ts';

const USERS = 100_000;
const QUERIES = 1_000_000;
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const auth = { authorization: `Basic ${Buffer.from('bench:bench-password-1234').toString('base64')}` };

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Users u0..u{n-1}: every tenth on Premium with a provider subscription and a payment each month of the last year. */
const seedUsers = (n: number) => `
  INSERT INTO users (user_id, name, email, registered_at)
    SELECT 'u' || i, 'Bench User ' || i, 'user' || i || '@example.in', now() - (i % 365) * interval '1 day' FROM generate_series(0, ${String(n - 1)}) AS i;
  INSERT INTO subscriptions (user_id, plan, status, queries_limit, queries_used, period_start, period_end, changed_at)
    SELECT 'u' || i, CASE WHEN i % 10 = 0 THEN 'premium' ELSE 'basic' END, 'active', CASE WHEN i % 10 = 0 THEN 50 ELSE 1 END, i % 7,
      date_trunc('month', now()), date_trunc('month', now()) + interval '1 month', now() FROM generate_series(0, ${String(n - 1)}) AS i;
  INSERT INTO provider_subscriptions (user_id, provider_subscription_id, provider_status, amount_paise, changed_at)
    SELECT 'u' || i, 'sub_' || i, 'active', 294882, now() FROM generate_series(0, ${String(n - 1)}, 10) AS i;
  INSERT INTO daily_totals (day, registrations) SELECT (registered_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM users GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET registrations = excluded.registrations;
  INSERT INTO plan_counts (plan, users) SELECT plan, count(*) FROM subscriptions GROUP BY plan;`;

const seedActivity = `
  INSERT INTO payments (payment_id, user_id, amount_paise, verified_at)
    SELECT 'pay_' || i || '_' || m, 'u' || i, 294882, now() - m * interval '1 month' FROM generate_series(0, ${String(USERS - 1)}, 10) AS i, generate_series(0, 11) AS m;
  INSERT INTO paying_months (month, user_id) SELECT DISTINCT date_trunc('month', (verified_at AT TIME ZONE 'Asia/Kolkata'))::date, user_id FROM payments;
  INSERT INTO monthly_subscribers (month, subscribers) SELECT month, count(*) FROM paying_months GROUP BY month;
  INSERT INTO queries (query_id, user_id, period_start, consumed_at)
    SELECT 'q' || i, 'u' || (i % ${String(USERS)}), date_trunc('month', now()), now() - (i % 365) * interval '1 day' FROM generate_series(0, ${String(QUERIES - 1)}) AS i;
  INSERT INTO daily_totals (day, queries) SELECT (consumed_at AT TIME ZONE 'Asia/Kolkata')::date, count(*) FROM queries GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET queries = excluded.queries;
  INSERT INTO daily_totals (day, revenue_paise) SELECT (verified_at AT TIME ZONE 'Asia/Kolkata')::date, sum(amount_paise) FROM payments GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET revenue_paise = excluded.revenue_paise;
  ANALYZE;`;

const stack = await createTestStack();
try {
  // Seeding a million rows takes longer than a request's statement may.
  const env = { ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password-1234', LOG_LEVEL: 'silent', DATABASE_STATEMENT_TIMEOUT_MS: '600000' };
  const service = await stack.start(adminReportingService, env, { listen: true });
  const label = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  let started = performance.now();
  await service.deps.db.exec(seedUsers(USERS) + seedActivity);
  process.stdout.write(`${label}: seeded ${String(USERS)} users and ${String(QUERIES)} queries in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const time = async (url: string, runs: number) => {
    for (let i = 0; i < 5; i += 1) await service.app.inject({ method: 'GET', url, headers: auth });
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const t = performance.now();
      const response = await service.app.inject({ method: 'GET', url, headers: auth });
      times.push(performance.now() - t);
      if (response.statusCode !== 200) throw new Error(`${url}: ${String(response.statusCode)} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `  GET ${url.padEnd(58)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms\n`,
    );
  };
  await time('/api/admin/stats', 200);
  await time('/api/admin/users', 50);
  await time('/api/admin/users?sort=queries_used&order=desc', 20);
  await time('/api/admin/users?search=user4242', 50);

  if (EXPORT_ROWS > USERS) await service.deps.db.exec(`TRUNCATE users, subscriptions, provider_subscriptions, plan_counts; ${seedUsers(EXPORT_ROWS)} ANALYZE;`);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  started = performance.now();
  const response = await fetch(`${service.url ?? ''}/api/admin/users/export`, { headers: auth });
  let lines = 0;
  let bytes = 0;
  const decoder = new TextDecoder();
  for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    lines += decoder.decode(chunk, { stream: true }).split('\n').length - 1;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const rows = lines - 1;
  process.stdout.write(
    `  CSV export: ${String(rows)} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('en-IN')} rows/s; ` +
      `peak RSS ${(peak / 1e6).toFixed(0)} MB (${((peak - baseline) / 1e6).toFixed(0)} MB above the start of the export)\n`,
  );
  if (rows !== EXPORT_ROWS) throw new Error(`the export held ${String(rows)} rows, not ${String(EXPORT_ROWS)}`);
} finally {
  await stack.close();
}
