-- One row per email handed to the mail server, tied to the event that asked for it.
CREATE TABLE email_deliveries (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL UNIQUE,
  kind text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  provider_message_id text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
