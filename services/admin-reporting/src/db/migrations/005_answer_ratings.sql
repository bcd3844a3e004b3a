-- Each answer's current mark by its asker, from chat's AnswerRated (a later mark replaces it), for
-- the curators' not-helpful answers: counted by question, with the latest reasons and the entries
-- the answers cited. A cleared history takes the marks made before it, as it takes the questions.
CREATE TABLE answer_ratings (
  query_id text PRIMARY KEY,
  user_id text NOT NULL,
  question text NOT NULL,
  helpful boolean NOT NULL,
  reason text,
  source_ids text[] NOT NULL,
  abstained boolean NOT NULL,
  rated_at timestamptz NOT NULL
);
CREATE INDEX answer_ratings_not_helpful ON answer_ratings (rated_at) WHERE NOT helpful;
CREATE INDEX answer_ratings_user ON answer_ratings (user_id, rated_at);
