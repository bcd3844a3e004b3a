-- One current subscription per user; history of payments and invoices comes with Premium.
CREATE TABLE subscriptions (
  user_id uuid PRIMARY KEY,
  plan text NOT NULL CHECK (plan IN ('basic', 'premium')),
  status text NOT NULL CHECK (status IN ('active', 'cancelled', 'expired')),
  queries_used integer NOT NULL DEFAULT 0 CHECK (queries_used >= 0),
  queries_limit integer NOT NULL CHECK (queries_limit >= 0),
  start_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
