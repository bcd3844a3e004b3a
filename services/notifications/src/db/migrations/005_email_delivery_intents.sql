-- A delivery row is now written as an intent in the handler's transaction and sent after the
-- commit (events/deliver.ts): pending rows have no sent_at and hold the message sealed to
-- notifications' own key (it may carry a code or reset token), cleared once sent or given up.
ALTER TABLE email_deliveries ALTER COLUMN provider_message_id DROP NOT NULL;
ALTER TABLE email_deliveries ALTER COLUMN sent_at DROP NOT NULL;
ALTER TABLE email_deliveries ALTER COLUMN sent_at DROP DEFAULT;
ALTER TABLE email_deliveries ADD COLUMN requested_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE email_deliveries ADD COLUMN sealed_message bytea;
ALTER TABLE email_deliveries ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE email_deliveries ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE email_deliveries ADD COLUMN given_up_at timestamptz;
CREATE INDEX email_deliveries_due ON email_deliveries (next_attempt_at) WHERE sent_at IS NULL AND given_up_at IS NULL;
