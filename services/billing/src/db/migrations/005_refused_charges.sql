-- Charges billing refused to apply: not the plan's price in rupees, not on its plan, or not for a
-- subscription of its own (a webhook or a checkout's verification). Kept with the reason and what
-- the provider reported, for the operator the alert sends here; one row per webhook event or per
-- verified payment, so a replay is recorded once.
CREATE TABLE refused_charges (
  attempt text PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('webhook', 'verify-payment')),
  reason text NOT NULL,
  event text,
  user_id uuid,
  provider_subscription_id text,
  payment_id text,
  amount_paise bigint,
  currency text,
  plan_id text,
  report jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refused_charges_subscription ON refused_charges (provider_subscription_id);
