-- Events written in the same transaction as the change that caused them; the relay publishes them.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  topic text NOT NULL,
  key text NOT NULL,
  type text NOT NULL,
  envelope bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  published_at timestamptz
);
CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL;

-- Events this service has applied, recorded in the same transaction as their effect.
CREATE TABLE processed_events (
  event_id uuid PRIMARY KEY,
  topic text NOT NULL,
  type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);
