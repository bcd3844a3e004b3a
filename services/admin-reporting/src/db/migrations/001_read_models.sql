-- admin-reporting's read models, learnt from the other services' events alone (it never reads
-- their databases). Day rows of the summary tables hold India days, so a stats call sums a few
-- hundred rows, however many users and queries there are.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  user_id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  registered_at timestamptz NOT NULL
);
-- The users table's search: a case-insensitive substring of the name or the email.
CREATE INDEX users_name_search ON users USING gin (lower(name) gin_trgm_ops);
CREATE INDEX users_email_search ON users USING gin (lower(email) gin_trgm_ops);
CREATE INDEX users_registered_at ON users (registered_at, user_id);

-- Each user's current plan: the latest SubscriptionChanged (by changed_at) wins; the provider's
-- subscription, its status and the last amount paid come from the payment events.
CREATE TABLE subscriptions (
  user_id text PRIMARY KEY,
  plan text NOT NULL,
  status text NOT NULL,
  queries_limit integer NOT NULL,
  queries_used integer NOT NULL DEFAULT 0,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX subscriptions_plan ON subscriptions (plan);

CREATE TABLE provider_subscriptions (
  user_id text PRIMARY KEY,
  provider_subscription_id text NOT NULL,
  provider_status text NOT NULL,
  amount_paise bigint,
  changed_at timestamptz NOT NULL
);

-- Queries taken from an allowance, one row per query id, so a consumed and a refunded query
-- count once each whatever order they arrive in.
CREATE TABLE queries (
  query_id text PRIMARY KEY,
  user_id text NOT NULL,
  period_start timestamptz NOT NULL,
  consumed_at timestamptz,
  refunded boolean NOT NULL DEFAULT false
);
CREATE INDEX queries_usage ON queries (user_id, period_start);

CREATE TABLE payments (
  payment_id text PRIMARY KEY,
  user_id text NOT NULL,
  amount_paise bigint NOT NULL,
  verified_at timestamptz NOT NULL
);

-- Summaries by India day, kept in the transaction of the event that changes them.
CREATE TABLE daily_totals (
  day date PRIMARY KEY,
  registrations integer NOT NULL DEFAULT 0,
  queries integer NOT NULL DEFAULT 0,
  revenue_paise bigint NOT NULL DEFAULT 0
);
-- Paying subscribers by India month: a user counts once in each month they paid in.
CREATE TABLE paying_months (
  month date NOT NULL,
  user_id text NOT NULL,
  PRIMARY KEY (month, user_id)
);
