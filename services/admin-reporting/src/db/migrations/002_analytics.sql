-- First-party, cookie-less web analytics (counted the way Plausible counts). A visitor is a hash
-- of the day's salt, the client's address, its user agent and the host; neither the address nor
-- the user agent is kept, and a salt is deleted once its India day is over, so past visitors
-- cannot be recognised any more.

-- One random salt per India day, made by the day's first hit, which deletes the earlier ones.
CREATE TABLE analytics_salts (
  day date PRIMARY KEY,
  salt bytea NOT NULL CHECK (octet_length(salt) = 32)
);

-- Visits: a visitor's hits with no gap over 30 minutes. seq numbers a visitor's sessions, so
-- concurrent hits that decide on the same session meet on (visitor_id, seq) and only one row is
-- made. The visitor id rotates with the salt, so a session lies within its India day.
CREATE TABLE analytics_sessions (
  visitor_id bytea NOT NULL,
  seq integer NOT NULL,
  day date NOT NULL,
  started_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  page_views integer NOT NULL,
  -- A signup_completed or subscription_started event came in this session.
  converted boolean NOT NULL,
  PRIMARY KEY (visitor_id, seq)
);
CREATE INDEX analytics_sessions_day ON analytics_sessions (day);

-- Every page view and event, with the path only (no query string) and no visitor.
CREATE TABLE analytics_hits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day date NOT NULL,
  occurred_at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pageview', 'event')),
  path text NOT NULL,
  name text CHECK ((kind = 'event') = (name IS NOT NULL)),
  parameters jsonb NOT NULL DEFAULT '{}'
);
-- Top pages read (day, path) alone; the events of a range are found by day.
CREATE INDEX analytics_hits_pages ON analytics_hits (day, path) WHERE kind = 'pageview';
CREATE INDEX analytics_hits_events ON analytics_hits (day) WHERE kind = 'event';

-- The questions chat answered or abstained from, filled from chat's answer events, for the
-- analytics' top and abstained questions.
CREATE TABLE answers_given (
  question text NOT NULL,
  abstained boolean NOT NULL,
  answered_at timestamptz NOT NULL
);
CREATE INDEX answers_given_answered_at ON answers_given (answered_at);
