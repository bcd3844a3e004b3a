-- The passages of each entry (domain/passages.ts) with their vectors from the embedding model:
-- retrieval ranks them by meaning. Kept here so that a replica, or a restart, reuses the vectors
-- of entries that did not change; an entry's passages are replaced when its content or the model
-- changes (the import compares content_hash and model).
CREATE TABLE knowledge_passages (
  entry_id text NOT NULL REFERENCES knowledge_entries (id) ON DELETE CASCADE,
  n integer NOT NULL,
  part text NOT NULL CHECK (part IN ('head', 'question', 'body')),
  text text NOT NULL,
  -- The unit vector as little-endian float32, dimensions of the model.
  vector bytea NOT NULL,
  model text NOT NULL,
  content_hash text NOT NULL,
  PRIMARY KEY (entry_id, n)
);
