-- Questions asked, by query and user: chat's answer events are applied once each, and a user's
-- cleared history takes their questions out of the curators' reports too (and keeps them out
-- when a replay brings the answer events back after the clearing).
ALTER TABLE answers_given ADD COLUMN query_id text NOT NULL, ADD COLUMN user_id text NOT NULL;
CREATE UNIQUE INDEX answers_given_query ON answers_given (query_id);
CREATE INDEX answers_given_user ON answers_given (user_id, answered_at);

CREATE TABLE histories_cleared (
  user_id text PRIMARY KEY,
  cleared_before timestamptz NOT NULL
);
