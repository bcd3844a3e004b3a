-- Whether an answer said the question is not in the archive: a mark of the answer tells the
-- curators so. Answers kept before this column: an abstention is the one answer citing nothing.
ALTER TABLE chat_history ADD COLUMN abstained boolean NOT NULL DEFAULT false;
UPDATE chat_history SET abstained = true WHERE response IS NOT NULL AND sources = '[]'::jsonb;

-- Each answer's current mark by the user who asked: a later mark replaces it, and it goes with its
-- history item (a cleared history takes its marks along).
CREATE TABLE answer_feedback (
  query_id uuid PRIMARY KEY REFERENCES chat_history (id) ON DELETE CASCADE,
  helpful boolean NOT NULL,
  reason text CHECK (char_length(reason) BETWEEN 1 AND 500),
  -- The database's clock when the mark was made: later marks of an answer have later times.
  rated_at timestamptz NOT NULL
);
