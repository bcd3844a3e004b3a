-- Per user, the moment before which every session token is refused (password reset or change).
-- Every service keeps its own copy, learnt from identity's SessionsRevoked events.
CREATE TABLE session_revocations (
  user_id uuid PRIMARY KEY,
  revoked_before timestamptz NOT NULL
);
