-- Who a user's mail goes to: billing's events name only the user id, so notifications keeps the
-- name and address identity last stated (UserRegistered, UserUpdated), written in the
-- transaction that marks the event processed.
-- User ids are text: whatever id an event carries is only a key here, never a reason for the
-- event to fail.
CREATE TABLE recipients (
  user_id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  -- When identity stated them (the event's occurred-at): an older event applied late, such as a
  -- replayed dead letter, never overwrites a newer name.
  stated_at timestamptz NOT NULL
);

-- Mail for a user not in recipients yet: identity's events travel on another topic than
-- billing's, so a billing event can be applied first. The event's payload is kept, and the mail
-- is queued in the transaction that makes the user known.
CREATE TABLE held_mails (
  event_id uuid NOT NULL,
  kind text NOT NULL,
  user_id text NOT NULL,
  type text NOT NULL,
  payload bytea NOT NULL,
  held_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, kind)
);
CREATE INDEX held_mails_user_id ON held_mails (user_id);
