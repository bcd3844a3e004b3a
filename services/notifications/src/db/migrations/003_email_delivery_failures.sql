-- One row per send the mail server did not accept. Written outside the handler's transaction,
-- which rolls back when the send fails, so the history survives the retries.
CREATE TABLE email_delivery_failures (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  kind text NOT NULL,
  recipient text NOT NULL,
  error text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_delivery_failures_event_id ON email_delivery_failures (event_id);
