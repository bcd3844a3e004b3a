-- Signups waiting for the emailed one-time code, one per address. The password is kept only as
-- its argon2id hash and the code only as an HMAC keyed by its own salt.
CREATE TABLE signup_challenges (
  email text PRIMARY KEY,
  name text NOT NULL,
  password_hash text NOT NULL,
  code_hash text NOT NULL,
  salt text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  resend_after timestamptz NOT NULL,
  started_at timestamptz NOT NULL
);
CREATE INDEX signup_challenges_started_at ON signup_challenges (started_at);
