-- Google accounts (their stable `sub`) that sign in to a user.
CREATE TABLE google_identities (
  sub text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX google_identities_user ON google_identities (user_id);
