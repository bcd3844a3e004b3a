-- Premium through Razorpay: the provider's subscriptions, payments, GST invoices, the webhook
-- log, and the customers invoices are billed to.

-- A Premium whose renewal failed (or that the provider paused) stays usable to its end, as a
-- cancelled one does; then the scheduler returns it to Basic.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('active', 'cancelled', 'halted', 'expired'));
-- The provider subscription that pays for a Premium.
ALTER TABLE subscriptions ADD COLUMN provider_subscription_id text;
CREATE INDEX subscriptions_due ON subscriptions (end_date);

-- Who invoices are billed to: name and email as identity registered them, and the optional
-- place of supply (GST state code) and GSTIN the customer gives.
CREATE TABLE customers (
  user_id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  state_code text,
  gstin text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every subscription created with the provider (one per Premium checkout), with the provider's
-- status as last reported and when it was reported: an older report never overwrites a newer one.
CREATE TABLE provider_subscriptions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL,
  status text NOT NULL,
  status_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_subscriptions_user ON provider_subscriptions (user_id);

-- One row per charge, by the provider's payment id: a charge reported twice (the checkout and
-- the webhook, or a webhook replayed) is recorded once.
CREATE TABLE payments (
  id text PRIMARY KEY,
  user_id uuid NOT NULL,
  provider_subscription_id text NOT NULL REFERENCES provider_subscriptions (id),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A GST tax invoice per payment; supplier and buyer are copied as they were when it was issued.
CREATE TABLE invoices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL,
  payment_id text NOT NULL UNIQUE REFERENCES payments (id),
  plan text NOT NULL,
  amount_paise bigint NOT NULL,
  taxable_paise bigint NOT NULL,
  cgst_paise bigint NOT NULL,
  sgst_paise bigint NOT NULL,
  igst_paise bigint NOT NULL,
  place_of_supply text NOT NULL,
  supplier jsonb NOT NULL,
  buyer jsonb NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_user ON invoices (user_id, id DESC);

-- Every webhook delivery applied, by Razorpay's event id: a replay changes nothing.
CREATE TABLE webhook_events (
  event_id text PRIMARY KEY,
  event text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Each failed charge reported to notifications once, whether payment.failed or
-- subscription.pending told billing first.
CREATE TABLE payment_failures (
  payment_id text PRIMARY KEY,
  user_id uuid NOT NULL,
  reported_at timestamptz NOT NULL DEFAULT now()
);
