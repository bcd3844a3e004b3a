-- chat's projection of billing's plans (SubscriptionChanged): what each user may ask, and until when.
CREATE TABLE entitlements (
  user_id uuid PRIMARY KEY,
  plan text NOT NULL,
  status text NOT NULL,
  queries_limit integer NOT NULL CHECK (queries_limit >= 0),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  -- When billing made the change the row holds: an older event never overwrites a newer one.
  changed_at timestamptz NOT NULL
);

-- The usage ledger: queries taken from each user's allowance, per period. Only chat writes it,
-- with one conditional update, so the allowance holds however many requests arrive at once.
CREATE TABLE query_usage (
  user_id uuid NOT NULL,
  period_start timestamptz NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (user_id, period_start)
);

-- Questions and answers; response is NULL while the answer is being written.
CREATE TABLE chat_history (
  id uuid PRIMARY KEY,
  -- The order entries were asked in (two may share a created_at on a coarse clock).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  user_id uuid NOT NULL,
  message text NOT NULL,
  response text,
  sources jsonb NOT NULL DEFAULT '[]',
  follow_ups jsonb NOT NULL DEFAULT '[]',
  period_start timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz
);
CREATE INDEX chat_history_newest_first ON chat_history (user_id, seq DESC);
