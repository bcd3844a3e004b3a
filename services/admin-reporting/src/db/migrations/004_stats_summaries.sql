-- The stats read no table that grows with the users: users by plan and paying subscribers by
-- month are counted as the events arrive. The users table ordered by name or email reads an index.
CREATE TABLE plan_counts (
  plan text PRIMARY KEY,
  users integer NOT NULL
);
INSERT INTO plan_counts (plan, users) SELECT plan, count(*) FROM subscriptions GROUP BY plan;

CREATE TABLE monthly_subscribers (
  month date PRIMARY KEY,
  subscribers integer NOT NULL
);
INSERT INTO monthly_subscribers (month, subscribers) SELECT month, count(*) FROM paying_months GROUP BY month;

CREATE INDEX users_name_order ON users (lower(name), user_id);
CREATE INDEX users_email_order ON users (lower(email), user_id);
