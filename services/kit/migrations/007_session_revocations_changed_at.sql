-- When each revocation last changed, so every replica refreshes its in-memory copy of the table
-- with a cheap query instead of reading the table on every request.
ALTER TABLE session_revocations ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX session_revocations_changed_at ON session_revocations (changed_at);
