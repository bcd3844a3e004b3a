-- Failed sign-ins per account and client address: guesses from one address lock out that
-- address, not the owner signing in from another. users.failed_logins and users.locked_until
-- stay as the gentler account-wide throttle.
CREATE TABLE login_failures (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  PRIMARY KEY (user_id, address)
);
